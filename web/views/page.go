// Package views holds lockdrill's HTML as templ components. Components take
// small view-model structs built by the handlers in package web; they never
// see the request, the store or the domain packages' internals.
//
// The generated *_templ.go files are committed, so that `go run` needs no
// extra tool; regenerate them after editing a *.templ file with
// `go generate ./web/views` (templ is a tool in go.mod). It runs templ from
// the module root, as CI does, so the file names inside the generated code
// stay the same whichever way they were made.
package views

//go:generate go tool templ generate -path ../..

import "lockdrill/web/urls"

// Page is what the layout needs to frame any page.
type Page struct {
	// Title is the page's own title; the layout appends the site name.
	Title string
	// Description feeds the meta description.
	Description string
	// Nav names the navigation entry to mark current: learn, practice,
	// rounds, sandbox or progress.
	Nav string
	// CSRF is the token every form posts back as _csrf.
	CSRF string
	// Asset maps a static file name ("css/app.css") to its hashed URL.
	Asset func(name string) string
	// Scripts are static script names the page needs, loaded deferred.
	Scripts []string
	// Flash is a one-line notice shown above the content.
	Flash string
	// FlashKind is "ok", "bad" or "warn".
	FlashKind string
	// FlashFor is the id of the element the notice is about, if any: the
	// item a dispute returned to. That element is described by the
	// notice, so a screen reader that lands on it hears what changed.
	FlashFor string
}

// NavItem is one entry of the main navigation.
type NavItem struct {
	Key, Label, Href string
}

// NavItems lists the main navigation in order.
var NavItems = []NavItem{
	{"learn", "Learn", urls.Learn()},
	{"practice", "Practice", urls.Practice()},
	{"rounds", "Mock round", urls.Rounds()},
	{"sandbox", "Sandbox", urls.Sandbox()},
	{"progress", "Progress", urls.Progress()},
}

func (p Page) asset(name string) string {
	if p.Asset == nil {
		return urls.Static(name)
	}
	return p.Asset(name)
}

func (p Page) fullTitle() string {
	if p.Title == "" {
		return "lockdrill — master distributed locking"
	}
	return p.Title + " · lockdrill"
}

func ariaCurrent(p Page, key string) string {
	if p.Nav == key {
		return "page"
	}
	return ""
}
