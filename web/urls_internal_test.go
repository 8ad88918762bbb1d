package web

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"lockdrill/content"
	"lockdrill/static"
	"lockdrill/store"
	"lockdrill/web/urls"
)

// TestURLHelpersReachTheirHandlers routes the address each helper of
// package urls builds through the app's real router and checks it reaches
// the handler meant (not a 404 or 405), and that every route has a helper.
func TestURLHelpersReachTheirHandlers(t *testing.T) {
	e := routerForTest(t)
	cases := []struct {
		method, url, handler string
	}{
		{"GET", urls.Home(), "handleHome"},
		{"GET", urls.Health(), "handleHealth"},
		{"GET", urls.Static("css/app.css"), "handleStatic"},
		{"GET", urls.Learn(), "handleLearnIndex"},
		{"GET", urls.LearnSection("what-a-lock-is-for"), "handleLearnSection"},
		{"POST", urls.LearnMarkRead("what-a-lock-is-for"), "handleLearnMarkRead"},
		{"GET", urls.Practice(), "handlePracticeIndex"},
		{"GET", urls.PracticeTopic("fencing"), "handlePracticeIndex"},
		{"GET", urls.Question("fencing-tokens"), "handleQuestionShow"},
		{"POST", urls.Question("fencing-tokens"), "handleAnswer"},
		{"GET", urls.Attempt("fencing-tokens", "0123abcd"), "handleAttemptShow"},
		{"GET", urls.AttemptFromReview("fencing-tokens", "0123abcd"), "handleAttemptShow"},
		// An identifier with a slash stays one path segment.
		{"GET", urls.Attempt("a/b", "c/d"), "handleAttemptShow"},
		{"POST", urls.AttemptTicks("fencing-tokens", "0123abcd"), "handleAttemptTicks"},
		{"POST", urls.AttemptRating("fencing-tokens", "0123abcd"), "handleAttemptRate"},
		{"POST", urls.AttemptDisputes("fencing-tokens", "0123abcd"), "handleAttemptDispute"},
		{"GET", urls.Review(), "handleReview"},
		{"GET", urls.Cram(), "handleCram"},
		{"POST", urls.Cram(), "handleCramRate"},
		{"GET", urls.AboutGrader(), "handleAboutGrader"},
		{"GET", urls.Rounds(), "handleRoundsIndex"},
		{"POST", urls.Rounds(), "handleRoundStart"},
		{"GET", urls.Round("r0123"), "handleRoundShow"},
		{"POST", urls.RoundAnswer("r0123"), "handleRoundAnswer"},
		{"POST", urls.RoundFinish("r0123"), "handleRoundFinish"},
		{"GET", urls.RoundTurn("r0123", 2), "handleRoundTurn"},
		{"POST", urls.TurnDisputes("r0123", 2), "handleTurnDispute"},
		{"GET", urls.Scorecard("r0123"), "handleRoundScorecard"},
		{"GET", urls.ScorecardMarkdown("r0123"), "handleRoundMarkdown"},
		{"POST", urls.RoundInvite("r0123"), "handleRoundInvite"},
		{"POST", urls.RoundDraft("r0123"), "handleRoundDraft"},
		{"GET", urls.RoundLive("r0123"), "handleRoundLive"},
		{"GET", urls.PeerJoin("tok-en_0"), "handlePeerJoinForm"},
		{"POST", urls.PeerJoin("tok-en_0"), "handlePeerJoin"},
		{"GET", urls.Peer("r0123"), "handlePeerShow"},
		{"GET", urls.PeerLive("r0123"), "handlePeerLive"},
		{"POST", urls.PeerAsk("r0123"), "handlePeerAsk"},
		{"POST", urls.PeerNext("r0123"), "handlePeerNext"},
		{"POST", urls.PeerNotes("r0123"), "handlePeerNotes"},
		{"POST", urls.PeerFinish("r0123"), "handlePeerFinish"},
		{"GET", urls.PeerScorecard("r0123"), "handlePeerScorecard"},
		{"GET", urls.Sandbox(), "handleSandboxIndex"},
		{"POST", urls.Sandbox(), "handleSandboxStart"},
		{"GET", urls.SandboxImport(), "handleSandboxImportForm"},
		{"POST", urls.SandboxImport(), "handleSandboxImport"},
		{"GET", urls.Preset("lease-expires"), "handleSandboxPreset"},
		{"POST", urls.Preset("lease-expires"), "handleSandboxPresetOpen"},
		{"GET", urls.PresetPredict("lease-expires", "predict-lease"), "handleSandboxPreset"},
		{"GET", urls.Timeline("t0123"), "handleSandboxTimeline"},
		{"GET", urls.TimelineExport("t0123"), "handleSandboxTimeline"},
		{"GET", urls.TimelineStep("t0123", 3), "handleSandboxTimeline"},
		{"GET", urls.TimelineState("t0123"), "handleSandboxState"},
		{"GET", urls.TimelineCompare("t0123"), "handleSandboxCompare"},
		{"POST", urls.TimelineActions("t0123"), "handleSandboxAction"},
		{"POST", urls.TimelineInsert("t0123"), "handleSandboxInsert"},
		{"POST", urls.TimelineEditAction("t0123"), "handleSandboxEditAction"},
		{"POST", urls.TimelineSettings("t0123"), "handleSandboxSettings"},
		{"POST", urls.TimelineFork("t0123"), "handleSandboxFork"},
		{"POST", urls.TimelineRename("t0123"), "handleSandboxRename"},
		{"POST", urls.TimelineDelete("t0123"), "handleSandboxDelete"},
		{"GET", urls.Progress(), "handleProgress"},
		{"POST", urls.Plan(), "handlePlanSet"},
		{"POST", urls.PlanClear(), "handlePlanClear"},
		{"GET", urls.Account(), "handleAccount"},
		{"POST", urls.AccountTransfer(), "handleTransferIssue"},
		{"POST", urls.AccountRedeem(), "handleTransferRedeem"},
		{"GET", urls.AccountExport(), "handleExport"},
		{"GET", urls.AccountExportGzip(), "handleExport"},
		{"POST", urls.AccountImport(), "handleImport"},
		{"POST", urls.AccountDelete(), "handleDeleteEverything"},
	}
	names := map[string]string{} // "METHOD pattern" -> handler's function name
	for _, r := range e.Routes() {
		names[r.Method+" "+r.Path] = r.Name
	}
	covered := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.url, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.url, nil)
			c := e.NewContext(req, httptest.NewRecorder())
			e.Router().Find(tc.method, echo.GetPath(req), c)
			if allow, _ := c.Get(echo.ContextKeyHeaderAllow).(string); allow != "" {
				t.Fatalf("%s %s: 405, the path takes only %s", tc.method, tc.url, allow)
			}
			key := tc.method + " " + c.Path()
			name, ok := names[key]
			if c.Path() == "" || !ok {
				t.Fatalf("%s %s: no route (404)", tc.method, tc.url)
			}
			if !strings.HasSuffix(name, "."+tc.handler+"-fm") {
				t.Fatalf("%s %s reaches %s (route %s), want %s", tc.method, tc.url, name, c.Path(), tc.handler)
			}
			covered[key] = true
		})
	}
	for key := range names {
		if !covered[key] {
			t.Errorf("route %s has no helper in package urls tested here", key)
		}
	}
}

// routerForTest builds the real server over the embedded content and a
// fresh database and returns its router.
func routerForTest(tb testing.TB) *echo.Echo {
	tb.Helper()
	st, err := store.Open(context.Background(), filepath.Join(tb.TempDir(), "web.db"))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { st.Close() })
	cat, err := content.Load(content.Embedded())
	if err != nil {
		tb.Fatalf("load content: %v", err)
	}
	assets, err := static.New()
	if err != nil {
		tb.Fatalf("static: %v", err)
	}
	s, err := NewServer(Config{Store: st, Catalog: cat, Assets: assets, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		tb.Fatalf("new server: %v", err)
	}
	return s.e
}
