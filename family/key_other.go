//go:build !unix

package family

import "io/fs"

// secretMount reports false: Kubernetes Secrets are mounted so on Unix.
func secretMount(fs.FileInfo) bool { return false }
