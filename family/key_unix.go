//go:build unix

package family

import (
	"io/fs"
	"syscall"
)

// secretMount reports whether a key file of mode st, which its group may
// read, is as a Kubernetes Secret mounts one into a pod whose user is not
// root: owned by root, read-only, readable by the pod's group (fsGroup)
// and no one else. Only root and the pod can read it, as only its owner
// can read a key of mode 600.
func secretMount(st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && sys.Uid == 0 && st.Mode().Perm()&^0o440 == 0
}
