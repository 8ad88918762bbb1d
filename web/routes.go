package web

// routes registers every route of the app, in one place.
func (s *Server) routes() {
	e := s.e
	e.GET("/", s.handleHome)
	e.GET("/healthz", s.handleHealth)
	e.GET("/static/*", s.handleStatic)

	e.GET("/learn", s.handleLearnIndex)
	e.GET("/learn/:slug", s.handleLearnSection)
	e.POST("/learn/:slug/read", s.handleLearnMarkRead)

	e.GET("/practice", s.handlePracticeIndex)
	e.GET("/practice/:id", s.handleQuestionShow)
	e.POST("/practice/:id", s.handleAnswer)
	e.GET("/practice/:id/attempts/:attempt", s.handleAttemptShow)
	e.POST("/practice/:id/attempts/:attempt/ticks", s.handleAttemptTicks)
	e.POST("/practice/:id/attempts/:attempt/rating", s.handleAttemptRate)
	e.GET("/review", s.handleReview)
	e.GET("/about/grader", s.handleAboutGrader)
	e.GET("/rounds", s.handleRoundsIndex)
	e.POST("/rounds", s.handleRoundStart)
	e.GET("/rounds/:id", s.handleRoundShow)
	e.POST("/rounds/:id/answer", s.handleRoundAnswer)
	e.POST("/rounds/:id/finish", s.handleRoundFinish)
	e.GET("/rounds/:id/turns/:seq", s.handleRoundTurn)
	e.GET("/rounds/:id/scorecard", s.handleRoundScorecard)
	e.GET("/rounds/:id/scorecard.md", s.handleRoundMarkdown)
	e.GET("/sandbox", s.handleSandboxIndex)
	e.POST("/sandbox", s.handleSandboxStart)
	e.GET("/sandbox/import", s.handleSandboxImportForm)
	e.POST("/sandbox/import", s.handleSandboxImport)
	e.GET("/sandbox/presets/:preset", s.handleSandboxPreset)
	e.POST("/sandbox/presets/:preset", s.handleSandboxPresetOpen)
	e.GET("/sandbox/:id", s.handleSandboxTimeline) // also /sandbox/:id.json, the export
	e.GET("/sandbox/:id/state", s.handleSandboxState)
	e.GET("/sandbox/:id/compare", s.handleSandboxCompare)
	e.POST("/sandbox/:id/actions", s.handleSandboxAction)
	e.POST("/sandbox/:id/insert", s.handleSandboxInsert)
	e.POST("/sandbox/:id/actions/edit", s.handleSandboxEditAction)
	e.POST("/sandbox/:id/settings", s.handleSandboxSettings)
	e.POST("/sandbox/:id/fork", s.handleSandboxFork)
	e.GET("/progress", s.handleProgress)

	e.POST("/plan", s.handlePlanSet)
	e.POST("/plan/clear", s.handlePlanClear)
	e.GET("/review/cram", s.handleCram)
	e.POST("/review/cram", s.handleCramRate)
	e.GET("/account", s.handleAccount)
	e.POST("/account/transfer", s.handleTransferIssue)
	e.POST("/account/transfer/redeem", s.handleTransferRedeem, redeemLimiter())
	e.GET("/account/export.json", s.handleExport)
	e.GET("/account/export.json.gz", s.handleExport)
	e.POST("/account/import", s.handleImport)
	e.POST("/account/delete", s.handleDeleteEverything)

}
