package content_test

import (
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"lockdrill/content"
)

func section(slug string, order int, body string) string {
	return "---\nslug: " + slug + "\ntitle: Title " + slug + "\norder: " + itoa(order) + "\nsummary: About " + slug + ".\n---\n" + body
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

const goodBody = "## Idea\n\nText.\n\n## Key points\n\n- one\n- two\n- three\n"

// guideFS returns ten valid sections plus extra files.
func guideFS(extra map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for i := 1; i <= 10; i++ {
		slug := "s" + itoa(i)
		m["guide/"+itoa(i)+"-"+slug+".md"] = &fstest.MapFile{Data: []byte(section(slug, i, goodBody))}
	}
	for k, v := range extra {
		m[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return m
}

func TestEmbeddedGuideIsValid(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatalf("embedded content: %v", err)
	}
	if len(cat.Guide) < 20 {
		t.Fatalf("guide has %d sections, want at least 20", len(cat.Guide))
	}
	for _, s := range cat.Guide {
		if len(s.KeyPoints) < 3 {
			t.Fatalf("%s: %d key points, want at least 3", s.File, len(s.KeyPoints))
		}
	}
	if err := cat.RenderGuide(); err != nil {
		t.Fatalf("render the guide: %v", err)
	}
	for _, s := range cat.Guide {
		body, keyPoints, err := s.Render()
		if err != nil || !strings.Contains(body, "<h2") || strings.Count(keyPoints, "<li>") != len(s.KeyPoints) {
			t.Fatalf("%s: body %d bytes, key points %q, err %v; want a body with headings and the %d key points apart",
				s.File, len(body), keyPoints, err, len(s.KeyPoints))
		}
		if strings.Contains(body, "Key points") {
			t.Fatalf("%s: the body still holds the key points heading", s.File)
		}
	}
}

// mustRender returns the rendered body of s.
func mustRender(t *testing.T, s *content.Section) string {
	t.Helper()
	html, _, err := s.Render()
	if err != nil {
		t.Fatalf("render %s: %v", s.Slug, err)
	}
	return html
}

func TestRawHTMLIsNotRendered(t *testing.T) {
	body := "## Idea\n\nHello <script>alert(1)</script> there.\n\n<script>alert(2)</script>\n\n<img src=x onerror=alert(3)>\n\n## Key points\n\n- one\n- two\n- three\n"
	cat, err := content.Load(guideFS(map[string]string{"guide/11-evil.md": section("evil", 11, body)}))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	s, _ := cat.Section("evil")
	html := mustRender(t, s)
	if strings.Contains(html, "<script") || strings.Contains(html, "onerror") {
		t.Fatalf("raw HTML was rendered: %s", html)
	}
	if !strings.Contains(html, "Hello") {
		t.Fatalf("the text around the raw HTML was lost: %s", html)
	}
}

func TestHighlightedCodeUsesClasses(t *testing.T) {
	// Code is highlighted ahead of time (codeblocks_gen.go), so the
	// fixture uses a block of the embedded guide: the first lua one.
	block := ""
	files, _ := fs.Glob(content.Embedded(), "guide/*.md")
	for _, f := range files {
		src, _ := fs.ReadFile(content.Embedded(), f)
		if _, rest, ok := strings.Cut(string(src), "\n```lua\n"); ok {
			code, _, _ := strings.Cut(rest, "\n```\n")
			block = "```lua\n" + code + "\n```\n"
			break
		}
	}
	if block == "" {
		t.Fatal("no lua code block in the embedded guide")
	}
	body := "## Idea\n\n" + block + "\n## Key points\n\n- one\n- two\n- three\n"
	cat, err := content.Load(guideFS(map[string]string{"guide/11-code.md": section("code", 11, body)}))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	s, _ := cat.Section("code")
	html := mustRender(t, s)
	if !strings.Contains(html, `class="chroma"`) {
		t.Fatalf("code block not highlighted with classes: %s", html)
	}
	if strings.Contains(html, "style=") {
		t.Fatalf("highlighted code carries inline styles, which the CSP blocks: %s", html)
	}
}

func TestInvalidSectionsNameFileAndField(t *testing.T) {
	tests := []struct {
		name, file, src, want string
	}{
		{"missing title", "guide/11-x.md", "---\nslug: x\norder: 11\nsummary: s\n---\n" + goodBody, "guide/11-x.md: title: missing"},
		{"bad order", "guide/11-x.md", "---\nslug: x\ntitle: T\norder: soon\nsummary: s\n---\n" + goodBody, "guide/11-x.md: order:"},
		{"no key points", "guide/11-x.md", section("x", 11, "## Idea\n\ntext\n"), `guide/11-x.md: body: must end with a "## Key points" section`},
		{"duplicate slug", "guide/11-s01.md", section("s01", 11, goodBody), `guide/11-s01.md: slug: "s01" is also used by`},
		{"unknown field", "guide/11-x.md", "---\nslug: x\ntitle: T\norder: 11\nsummary: s\nauthor: me\n---\n" + goodBody, "guide/11-x.md: author: unknown front matter field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := content.Load(guideFS(map[string]string{tt.file: tt.src}))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestBrokenInAppLinksAreReported(t *testing.T) {
	body := "## Idea\n\nSee [the preset](/sandbox/presets/no-such-preset) and [a section](/learn/nowhere).\n\n## Key points\n\n- one\n- two\n- three\n"
	_, err := content.Load(guideFS(map[string]string{"guide/11-links.md": section("links", 11, body)}))
	if err == nil {
		t.Fatalf("load accepted links to a missing preset and section")
	}
	for _, want := range []string{`guide/11-links.md: body: link "/sandbox/presets/no-such-preset" leads nowhere`, `link "/learn/nowhere" leads nowhere`} {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("error = %v, want it to contain %q", err, want)
		}
	}
}

// TestSectionsRenderConcurrently: the first requests after a start may
// render different sections, and the same one, at once (run with -race).
func TestSectionsRenderConcurrently(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	var wg sync.WaitGroup
	bodies := make([][]string, 4)
	for g := range bodies {
		wg.Go(func() {
			for _, s := range cat.Guide {
				body, _, err := s.Render()
				if err != nil {
					t.Errorf("%s: %v", s.File, err)
				}
				bodies[g] = append(bodies[g], body)
			}
		})
	}
	wg.Wait()
	for g := 1; g < len(bodies); g++ {
		if !slices.Equal(bodies[0], bodies[g]) {
			t.Fatalf("goroutine %d saw different bodies", g)
		}
	}
}
