// Package kubernetes_test checks the Kubernetes manifests of a sharded
// sweep: each decodes strictly into the k8s.io/api type of its kind (an
// unknown or misspelt field is an error, as kubectl apply --validate=strict
// makes it), and together they make one working sweep.
package kubernetes_test

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decode reads the manifest path strictly into v, checking its apiVersion
// and kind.
func decode(t *testing.T, path, apiVersion, kind string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var meta struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	if err := yaml.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}
	if meta.APIVersion != apiVersion || meta.Kind != kind {
		t.Fatalf("%s: %s %s, want %s %s", path, meta.APIVersion, meta.Kind, apiVersion, kind)
	}
}

// flagValue returns the value after flag in args, or "".
func flagValue(args []string, flag string) string {
	if i := slices.Index(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	return ""
}

// imageName is how the image is named where examples/container/build.sh
// builds it (podman and buildah put local images under localhost/).
var imageName = regexp.MustCompile(`^localhost/sgtab:[0-9]+\.[0-9]+\.[0-9]+$`)

// TestManifests decodes the volume, the sweep's Indexed Job and the merge
// Job, and checks that they fit together: completions, parallelism and
// -shards agree, each pod computes one shard into the claimed volume and
// is started again on failure, the merge reads the same folder, and both
// run the image the build script makes, as its non-root user.
func TestManifests(t *testing.T) {
	var pvc corev1.PersistentVolumeClaim
	decode(t, "pvc.yaml", "v1", "PersistentVolumeClaim", &pvc)
	var sweep, merge batchv1.Job
	decode(t, "sweep-job.yaml", "batch/v1", "Job", &sweep)
	decode(t, "merge-job.yaml", "batch/v1", "Job", &merge)

	if len(pvc.Spec.AccessModes) == 0 || pvc.Spec.Resources.Requests.Storage().IsZero() {
		t.Errorf("pvc.yaml: access modes %v, storage %v", pvc.Spec.AccessModes, pvc.Spec.Resources.Requests.Storage())
	}

	s := sweep.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("sweep-job.yaml: completion mode %v, want Indexed", s.CompletionMode)
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Parallelism != *s.Completions {
		t.Errorf("sweep-job.yaml: completions %v, parallelism %v: want them equal", s.Completions, s.Parallelism)
	}
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1 || s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("sweep-job.yaml: a failed shard is not started again (backoffLimitPerIndex %v, restartPolicy %s)", s.BackoffLimitPerIndex, s.Template.Spec.RestartPolicy)
	}
	sc := only(t, "sweep-job.yaml", sweep)
	shards, err := strconv.Atoi(flagValue(sc.Args, "-shards"))
	if sc.Args[0] != "sweep" || err != nil || s.Completions == nil || int32(shards) != *s.Completions {
		t.Errorf("sweep-job.yaml: args %v: want sweep -shards %v", sc.Args, s.Completions)
	}
	out := flagValue(sc.Args, "-out")

	mc := only(t, "merge-job.yaml", merge)
	if len(mc.Args) != 2 || mc.Args[0] != "merge" || mc.Args[1] != out {
		t.Errorf("merge-job.yaml: args %v, want merge %s", mc.Args, out)
	}
	for _, j := range []*batchv1.Job{&sweep, &merge} {
		name := j.Name
		c := j.Spec.Template.Spec.Containers[0]
		if !imageName.MatchString(c.Image) || c.Image != sc.Image || c.ImagePullPolicy != corev1.PullIfNotPresent {
			t.Errorf("%s: image %s (pull %s), want the build script's, as in sweep-job.yaml, IfNotPresent", name, c.Image, c.ImagePullPolicy)
		}
		if len(c.Command) != 0 {
			t.Errorf("%s: command %v replaces the image's entrypoint", name, c.Command)
		}
		pod := j.Spec.Template.Spec.SecurityContext
		if pod == nil || pod.RunAsNonRoot == nil || !*pod.RunAsNonRoot || pod.FSGroup == nil || pod.RunAsUser == nil || *pod.FSGroup != *pod.RunAsUser {
			t.Errorf("%s: the pod's security context %+v does not run as the image's user with the volume its group's", name, pod)
		}
		claim := ""
		for _, v := range j.Spec.Template.Spec.Volumes {
			if v.PersistentVolumeClaim != nil {
				claim = v.PersistentVolumeClaim.ClaimName
			}
		}
		if claim != pvc.Name {
			t.Errorf("%s: volume claim %q, want %q", name, claim, pvc.Name)
		}
		mounted := false
		for _, m := range c.VolumeMounts {
			mounted = mounted || len(out) > len(m.MountPath) && out[:len(m.MountPath)+1] == m.MountPath+"/"
		}
		if !mounted {
			t.Errorf("%s: %s is not on a mounted volume (%v)", name, out, c.VolumeMounts)
		}
		if c.Resources.Limits.Memory().IsZero() {
			t.Errorf("%s: no memory limit", name)
		}
		checkKey(t, name, j, c, pvc.Name)
	}
}

// checkKey checks that the pods of job sign and check with one key, from
// the Secret sgtab-key, mounted read-only off the data volume, readable by
// the pod's group alone (so that sgtab takes it: see the key's rules in
// package family), and named by $SGTAB_KEY: the shards' censuses are
// merged only when signed with the merge's key, and a key on the volume
// would be readable by whoever reads the census.
func checkKey(t *testing.T, name string, j *batchv1.Job, c corev1.Container, claim string) {
	t.Helper()
	key := ""
	for _, e := range c.Env {
		if e.Name == "SGTAB_KEY" {
			key = e.Value
		}
	}
	var secret *corev1.Volume
	for i, v := range j.Spec.Template.Spec.Volumes {
		if v.Secret != nil && v.Secret.SecretName == "sgtab-key" {
			secret = &j.Spec.Template.Spec.Volumes[i]
		}
	}
	if key == "" || secret == nil {
		t.Errorf("%s: $SGTAB_KEY %q, Secret volume %v: want the key from the Secret sgtab-key", name, key, secret)
		return
	}
	if m := secret.Secret.DefaultMode; m == nil || *m != 0o440 {
		t.Errorf("%s: the key's mode %v, want 0440", name, m)
	}
	for _, m := range c.VolumeMounts {
		if m.Name == secret.Name && (!m.ReadOnly || key != m.MountPath+"/key") {
			t.Errorf("%s: the Secret is mounted at %s (read-only %v), but $SGTAB_KEY is %s", name, m.MountPath, m.ReadOnly, key)
		}
		for _, v := range j.Spec.Template.Spec.Volumes {
			if v.Name == m.Name && v.PersistentVolumeClaim != nil && len(key) > len(m.MountPath) && key[:len(m.MountPath)+1] == m.MountPath+"/" {
				t.Errorf("%s: the key %s is on the volume %s", name, key, claim)
			}
		}
	}
}

// only returns the one container of job's pods.
func only(t *testing.T, path string, job batchv1.Job) corev1.Container {
	t.Helper()
	cs := job.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("%s: %d containers, want 1", path, len(cs))
	}
	return cs[0]
}

// TestManifestsStrict checks that the decoding is strict: a misspelt
// field of a Job is an error.
func TestManifestsStrict(t *testing.T) {
	var job batchv1.Job
	err := yaml.UnmarshalStrict([]byte("apiVersion: batch/v1\nkind: Job\nspec:\n  completion: 16\n"), &job)
	if err == nil {
		t.Error("a misspelt field (completion) decoded")
	}
}
