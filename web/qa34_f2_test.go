package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"
)

// QA-34 #4: the import's notice names the guide sections marked as read
// in plain words, one section in the singular, several in the plural
// (it said "20 section reads").
func TestImportNoticeSaysGuideSectionsMarkedAsRead(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	guide := mustCatalog(t).Guide
	if len(guide) < 2 {
		t.Fatalf("the guide has %d sections, want 2 or more for the plural", len(guide))
	}
	for _, tc := range []struct {
		name string
		read int
		want string
	}{
		{"one section", 1, "Imported 1 guide section marked as read."},
		{"every section", len(guide), "Imported " + strconv.Itoa(len(guide)) + " guide sections marked as read."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			me := newClient(t, srv)
			for _, sec := range guide[:tc.read] {
				if r := me.postForm("/learn/"+sec.Slug+"/read", url.Values{"_csrf": {csrfFrom(t, me.get("/learn/"+sec.Slug))}, "read": {"1"}}); r.Code != http.StatusSeeOther {
					t.Fatalf("mark %s read: status %d", sec.Slug, r.Code)
				}
			}
			_, raw := exportOf(t, me)
			fresh := newClient(t, srv)
			if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
				t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
			}
			flash := spaces(mustDoc(t, fresh.get("/account")).Find(`[data-testid=flash]`).Text())
			if flash != tc.want {
				t.Fatalf("the import's notice = %q, want %q", flash, tc.want)
			}
		})
	}
}
