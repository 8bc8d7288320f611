package export

import (
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/rules"
)

// scriptGame returns the scripted game a table's metadata names: the game
// of its name in the config it holds (sgtab.config), whose script must be
// the one the rule names (sgtab.rule = script: and the start of the
// script's SHA-256), so that verifying the table runs the very script
// that wrote it.
func scriptGame(meta map[string]string) (rules.Game, error) {
	games, err := rules.Parse(strings.NewReader(meta[KeyConfig]), meta[KeyName]+".yaml")
	if err != nil {
		return rules.Game{}, fmt.Errorf("metadata %s: %w", KeyConfig, err)
	}
	for _, g := range games {
		if g.Name == meta[KeyName] && g.Kind() == rules.KindScript {
			if g.RuleText() != meta[KeyRule] {
				return rules.Game{}, fmt.Errorf("metadata %s = %q, but the script in %s has SHA-256 %s", KeyRule, meta[KeyRule], KeyConfig, g.Script.Hash())
			}
			return g, nil
		}
	}
	return rules.Game{}, fmt.Errorf("metadata %s holds no scripted game %s", KeyConfig, meta[KeyName])
}
