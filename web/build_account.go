package web

import (
	"strconv"
	"strings"
	"time"

	"lockdrill/store"
	"lockdrill/web/views"
)

// accountForm is what one request adds to /account: a transfer code just
// issued, or why a form was refused, with what was typed.
type accountForm struct {
	Code        string
	CodeExpires time.Time
	// RedeemCode is the code typed; RedeemError why it was refused, or
	// ConfirmMerge that moving this browser needs a second yes.
	RedeemCode, RedeemError string
	ConfirmMerge            bool
	// ImportProblems are the import's problems, each "field: message" or
	// a sentence about the whole file.
	ImportProblems []string
	// DeleteError is why a delete was refused; DeleteConfirm what was
	// typed as its confirmation, shown again.
	DeleteError, DeleteConfirm string
}

// buildAccount is /account for a browser that is a learner (hasLearner)
// with recorded progress (hasData), with what the request adds. An import
// problem that starts with a field name ("answers[2].question: …") is
// shown with the field apart.
func buildAccount(hasLearner, hasData bool, f accountForm) views.AccountView {
	v := views.AccountView{
		HasLearner: hasLearner, HasData: hasLearner && hasData, CodeMinutes: int(store.TransferCodeTTL / time.Minute), MaxImportMB: 1,
		Code: f.Code, CodeExpires: f.CodeExpires, RedeemError: f.RedeemError, RedeemCode: f.RedeemCode, ConfirmMerge: f.ConfirmMerge,
		DeleteError: f.DeleteError, DeleteConfirm: f.DeleteConfirm,
	}
	for _, pr := range f.ImportProblems {
		field, msg, ok := strings.Cut(pr, ": ")
		if !ok || strings.Contains(field, " ") {
			field, msg = "", pr
		}
		v.ImportProblems = append(v.ImportProblems, views.ImportProblem{Field: field, Msg: msg})
	}
	return v
}

// codeRefused is /account's answer to a transfer code typed that does not
// work.
func codeRefused(typed string) accountForm {
	return accountForm{RedeemCode: typed, RedeemError: "Code: that code does not work. It may be mistyped, already used, or older than " +
		strconv.Itoa(int(store.TransferCodeTTL/time.Minute)) + " minutes; ask for a new one on your other browser."}
}
