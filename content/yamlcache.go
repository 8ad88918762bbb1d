package content

import (
	"crypto/sha256"
	"encoding/hex"

	"gopkg.in/yaml.v2"
)

// decodeYAML decodes src into dst as yaml.UnmarshalStrict does. The YAML
// documents lockdrill ships (each question's front matter, the synonyms,
// the red flags and the follow-ups) are decoded ahead of time into Go code
// (decodedYAML in yaml_gen.go, written by go test ./content -run
// TestDecodedYAMLIsCurrent -update-yaml, which also fails when it is out of
// date). A document whose bytes are there, by SHA-256, is built by that
// code rather than parsed: parsing was an eighth of a cold start's CPU. Each
// call builds new values, so no two loads share a slice or a map. Any other
// document (an edited file before the regeneration, a test's fixture) is
// parsed, so the result is the same either way.
func decodeYAML[T any](src []byte, dst *T) error {
	if v, ok := decodedYAML(yamlKey(src)).(*T); ok {
		*dst = *v
		return nil
	}
	return yaml.UnmarshalStrict(src, dst)
}

// yamlKey names a document in decodedYAML.
func yamlKey(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}
