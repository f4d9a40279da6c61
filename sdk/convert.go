package sdk

// Converters between the hand-written SDK types and the generated protobuf
// types in sdk/internal/pb. They are the only code that touches both, so
// plugin authors never import generated code and the wire format can
// change (a field renamed, a version 2 added) without breaking them.
//
// Conventions, so a round trip is exact: an empty map or list on the wire
// becomes nil (proto3 cannot tell the two apart), an unset severity becomes
// SeverityError (a plugin that forgot to grade a problem fails closed).

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/compactguard/compactguard/sdk/internal/pb"
)

func nilIfEmpty[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}

func cloneMap[M ~map[K]V, K comparable, V any](m M) M {
	if len(m) == 0 {
		return nil
	}
	return maps.Clone(m)
}

func toProtoSeverity(s Severity) pb.Diagnostic_Severity {
	if s == SeverityWarning {
		return pb.Diagnostic_WARNING
	}
	return pb.Diagnostic_ERROR
}

func fromProtoSeverity(s pb.Diagnostic_Severity) Severity {
	if s == pb.Diagnostic_WARNING {
		return SeverityWarning
	}
	return SeverityError
}

func toProtoDiagnostics(ds Diagnostics) []*pb.Diagnostic {
	if len(ds) == 0 {
		return nil
	}
	out := make([]*pb.Diagnostic, len(ds))
	for i, d := range ds {
		out[i] = &pb.Diagnostic{
			Severity:  toProtoSeverity(d.Severity),
			Summary:   d.Summary,
			Detail:    d.Detail,
			Attribute: d.Attribute,
			Code:      d.Code,
		}
	}
	return out
}

func fromProtoDiagnostics(ds []*pb.Diagnostic) Diagnostics {
	if len(ds) == 0 {
		return nil
	}
	out := make(Diagnostics, len(ds))
	for i, d := range ds {
		out[i] = Diagnostic{
			Severity:  fromProtoSeverity(d.GetSeverity()),
			Summary:   d.GetSummary(),
			Detail:    d.GetDetail(),
			Attribute: d.GetAttribute(),
			Code:      d.GetCode(),
		}
	}
	return out
}

func toProtoSpans(spans []Span) []*pb.Span {
	if len(spans) == 0 {
		return nil
	}
	out := make([]*pb.Span, len(spans))
	for i, s := range spans {
		out[i] = &pb.Span{
			Id:     s.ID,
			Kind:   s.Kind,
			Text:   s.Text,
			Meta:   cloneMap(s.Meta),
			Covers: nilIfEmpty(s.Covers),
			Tokens: int64(s.Tokens),
			Turn:   int64(s.Turn),
		}
	}
	return out
}

func fromProtoSpans(spans []*pb.Span) []Span {
	if len(spans) == 0 {
		return nil
	}
	out := make([]Span, len(spans))
	for i, s := range spans {
		out[i] = Span{
			ID:     s.GetId(),
			Kind:   s.GetKind(),
			Text:   s.GetText(),
			Meta:   cloneMap(s.GetMeta()),
			Covers: nilIfEmpty(s.GetCovers()),
			Tokens: int(s.GetTokens()),
			Turn:   int(s.GetTurn()),
		}
	}
	return out
}

func toProtoItems(items []Item) []*pb.Item {
	if len(items) == 0 {
		return nil
	}
	out := make([]*pb.Item, len(items))
	for i, it := range items {
		out[i] = &pb.Item{
			Category:  it.Category,
			Text:      it.Text,
			Span:      it.Span,
			Start:     int64(it.Start),
			End:       int64(it.End),
			KeyTerms:  nilIfEmpty(it.KeyTerms),
			Extractor: it.Extractor,
			Frame:     toProtoFrame(it.Frame),
		}
	}
	return out
}

func fromProtoItems(items []*pb.Item) []Item {
	if len(items) == 0 {
		return nil
	}
	out := make([]Item, len(items))
	for i, it := range items {
		out[i] = Item{
			Category:  it.GetCategory(),
			Text:      it.GetText(),
			Span:      it.GetSpan(),
			Start:     int(it.GetStart()),
			End:       int(it.GetEnd()),
			KeyTerms:  nilIfEmpty(it.GetKeyTerms()),
			Extractor: it.GetExtractor(),
			Frame:     fromProtoFrame(it.GetFrame()),
		}
	}
	return out
}

func toProtoPhases(ps []PhaseInfo) []*pb.PhaseInfo {
	if len(ps) == 0 {
		return nil
	}
	out := make([]*pb.PhaseInfo, len(ps))
	for i, p := range ps {
		out[i] = &pb.PhaseInfo{Name: p.Name, Policy: p.Policy}
	}
	return out
}

func fromProtoPhases(ps []*pb.PhaseInfo) []PhaseInfo {
	if len(ps) == 0 {
		return nil
	}
	out := make([]PhaseInfo, len(ps))
	for i, p := range ps {
		out[i] = PhaseInfo{Name: p.GetName(), Policy: p.GetPolicy()}
	}
	return out
}

func toProtoDescribeResponse(r *DescribeResponse) *pb.DescribeResponse {
	out := &pb.DescribeResponse{
		Name:            r.Name,
		Kind:            string(r.Kind),
		PluginVersion:   r.Version,
		ProtocolVersion: int32(r.ProtocolVersion),
		Description:     r.Description,
	}
	for _, a := range r.ConfigSchema {
		out.ConfigSchema = append(out.ConfigSchema, &pb.ConfigAttribute{
			Name:        a.Name,
			Type:        a.Type,
			Required:    a.Required,
			Description: a.Description,
		})
	}
	return out
}

func fromProtoDescribeResponse(r *pb.DescribeResponse) *DescribeResponse {
	out := &DescribeResponse{
		Name:            r.GetName(),
		Kind:            Kind(r.GetKind()),
		Version:         r.GetPluginVersion(),
		ProtocolVersion: int(r.GetProtocolVersion()),
		Description:     r.GetDescription(),
	}
	for _, a := range r.GetConfigSchema() {
		out.ConfigSchema = append(out.ConfigSchema, ConfigAttribute{
			Name:        a.GetName(),
			Type:        a.GetType(),
			Required:    a.GetRequired(),
			Description: a.GetDescription(),
		})
	}
	return out
}

func toProtoConfigureRequest(r *ConfigureRequest) *pb.ConfigureRequest {
	if r == nil {
		r = &ConfigureRequest{}
	}
	return &pb.ConfigureRequest{ConfigJson: nilIfEmpty([]byte(r.Config))}
}

func fromProtoConfigureRequest(r *pb.ConfigureRequest) *ConfigureRequest {
	return &ConfigureRequest{Config: json.RawMessage(nilIfEmpty(r.GetConfigJson()))}
}

func toProtoConfigureResponse(r *ConfigureResponse) *pb.ConfigureResponse {
	return &pb.ConfigureResponse{Diagnostics: toProtoDiagnostics(r.Diagnostics)}
}

func fromProtoConfigureResponse(r *pb.ConfigureResponse) *ConfigureResponse {
	return &ConfigureResponse{Diagnostics: fromProtoDiagnostics(r.GetDiagnostics())}
}

func toProtoExtractRequest(r *ExtractRequest) *pb.ExtractRequest {
	if r == nil {
		r = &ExtractRequest{}
	}
	return &pb.ExtractRequest{Spans: toProtoSpans(r.Spans)}
}

func fromProtoExtractRequest(r *pb.ExtractRequest) *ExtractRequest {
	return &ExtractRequest{Spans: fromProtoSpans(r.GetSpans())}
}

func toProtoExtractResponse(r *ExtractResponse) *pb.ExtractResponse {
	return &pb.ExtractResponse{
		Items:       toProtoItems(r.Items),
		Diagnostics: toProtoDiagnostics(r.Diagnostics),
	}
}

func fromProtoExtractResponse(r *pb.ExtractResponse) *ExtractResponse {
	return &ExtractResponse{
		Items:       fromProtoItems(r.GetItems()),
		Diagnostics: fromProtoDiagnostics(r.GetDiagnostics()),
	}
}

func toProtoScoreRequest(r *ScoreRequest) *pb.ScoreRequest {
	if r == nil {
		r = &ScoreRequest{}
	}
	return &pb.ScoreRequest{
		Candidate:      r.Candidate,
		Items:          toProtoItems(r.Items),
		Originals:      toProtoSpans(r.Originals),
		CandidateItems: toProtoItems(r.CandidateItems),
	}
}

func fromProtoScoreRequest(r *pb.ScoreRequest) *ScoreRequest {
	return &ScoreRequest{
		Candidate:      r.GetCandidate(),
		Items:          fromProtoItems(r.GetItems()),
		Originals:      fromProtoSpans(r.GetOriginals()),
		CandidateItems: fromProtoItems(r.GetCandidateItems()),
	}
}

func toProtoScoreResponse(r *ScoreResponse) *pb.ScoreResponse {
	out := &pb.ScoreResponse{
		Score:       r.Score,
		Diagnostics: toProtoDiagnostics(r.Diagnostics),
	}
	if r.Usage != nil {
		out.Usage = &pb.Usage{Calls: r.Usage.Calls, Tokens: r.Usage.Tokens, LatencyMs: r.Usage.LatencyMS}
	}
	for _, s := range r.Items {
		out.Items = append(out.Items, &pb.ItemScore{
			Index:     int32(s.Index),
			Preserved: s.Preserved,
			Score:     s.Score,
			Evidence:  s.Evidence,
			Fate:      s.Fate,
			Note:      s.Note,
		})
	}
	return out
}

func fromProtoScoreResponse(r *pb.ScoreResponse) *ScoreResponse {
	out := &ScoreResponse{
		Score:       r.GetScore(),
		Diagnostics: fromProtoDiagnostics(r.GetDiagnostics()),
	}
	if u := r.GetUsage(); u != nil {
		out.Usage = &Usage{Calls: u.GetCalls(), Tokens: u.GetTokens(), LatencyMS: u.GetLatencyMs()}
	}
	for _, s := range r.GetItems() {
		out.Items = append(out.Items, ItemScore{
			Index:     int(s.GetIndex()),
			Preserved: s.GetPreserved(),
			Score:     s.GetScore(),
			Evidence:  s.GetEvidence(),
			Fate:      s.GetFate(),
			Note:      s.GetNote(),
		})
	}
	return out
}

func toProtoSelfScoreRequest(r *SelfScoreRequest) *pb.SelfScoreRequest {
	if r == nil {
		r = &SelfScoreRequest{}
	}
	return &pb.SelfScoreRequest{Candidate: r.Candidate}
}

func fromProtoSelfScoreRequest(r *pb.SelfScoreRequest) *SelfScoreRequest {
	return &SelfScoreRequest{Candidate: r.GetCandidate()}
}

func toProtoSelfScoreResponse(r *SelfScoreResponse) *pb.SelfScoreResponse {
	return &pb.SelfScoreResponse{Score: r.Score, Diagnostics: toProtoDiagnostics(r.Diagnostics)}
}

func fromProtoSelfScoreResponse(r *pb.SelfScoreResponse) *SelfScoreResponse {
	return &SelfScoreResponse{Score: r.GetScore(), Diagnostics: fromProtoDiagnostics(r.GetDiagnostics())}
}

func toProtoPhaseSignalRequest(r *PhaseSignalRequest) *pb.PhaseSignalRequest {
	if r == nil {
		r = &PhaseSignalRequest{}
	}
	return &pb.PhaseSignalRequest{
		View:         toProtoSpans(r.View),
		Version:      r.Version,
		Phases:       toProtoPhases(r.Phases),
		CurrentPhase: r.CurrentPhase,
	}
}

func fromProtoPhaseSignalRequest(r *pb.PhaseSignalRequest) *PhaseSignalRequest {
	return &PhaseSignalRequest{
		View:         fromProtoSpans(r.GetView()),
		Version:      r.GetVersion(),
		Phases:       fromProtoPhases(r.GetPhases()),
		CurrentPhase: r.GetCurrentPhase(),
	}
}

func toProtoPhaseSignalResponse(r *PhaseSignalResponse) *pb.PhaseSignalResponse {
	return &pb.PhaseSignalResponse{
		Scores:      cloneMap(r.Scores),
		Diagnostics: toProtoDiagnostics(r.Diagnostics),
	}
}

func fromProtoPhaseSignalResponse(r *pb.PhaseSignalResponse) *PhaseSignalResponse {
	return &PhaseSignalResponse{
		Scores:      cloneMap(r.GetScores()),
		Diagnostics: fromProtoDiagnostics(r.GetDiagnostics()),
	}
}

func toProtoProposePolicyRequest(r *ProposePolicyRequest) *pb.ProposePolicyRequest {
	if r == nil {
		r = &ProposePolicyRequest{}
	}
	return &pb.ProposePolicyRequest{
		Phase:        r.Phase,
		Scores:       cloneMap(r.Scores),
		ActivePolicy: r.ActivePolicy,
		Phases:       toProtoPhases(r.Phases),
		Policies:     nilIfEmpty(r.Policies),
	}
}

func fromProtoProposePolicyRequest(r *pb.ProposePolicyRequest) *ProposePolicyRequest {
	return &ProposePolicyRequest{
		Phase:        r.GetPhase(),
		Scores:       cloneMap(r.GetScores()),
		ActivePolicy: r.GetActivePolicy(),
		Phases:       fromProtoPhases(r.GetPhases()),
		Policies:     nilIfEmpty(r.GetPolicies()),
	}
}

func toProtoProposePolicyResponse(r *ProposePolicyResponse) *pb.ProposePolicyResponse {
	return &pb.ProposePolicyResponse{
		PolicyName:  r.PolicyName,
		PolicyHcl:   r.PolicyHCL,
		Diagnostics: toProtoDiagnostics(r.Diagnostics),
	}
}

func fromProtoProposePolicyResponse(r *pb.ProposePolicyResponse) *ProposePolicyResponse {
	return &ProposePolicyResponse{
		PolicyName:  r.GetPolicyName(),
		PolicyHCL:   r.GetPolicyHcl(),
		Diagnostics: fromProtoDiagnostics(r.GetDiagnostics()),
	}
}

func toProtoFrame(f *Frame) *pb.Frame {
	if f == nil {
		return nil
	}
	out := &pb.Frame{
		Modality:   f.Modality,
		Action:     f.Action,
		Objects:    toProtoObjects(f.Objects),
		Bounds:     toProtoBounds(f.Bounds),
		Source:     f.Source,
		Status:     f.Status,
		ChangedBy:  f.ChangedBy,
		Slot:       f.Slot,
		Exceptions: make([]*pb.Qualifier, 0, len(f.Exceptions)),
	}
	if f.Condition != nil {
		out.Condition = toProtoQualifier(*f.Condition)
	}
	for _, e := range f.Exceptions {
		out.Exceptions = append(out.Exceptions, toProtoQualifier(e))
	}
	return out
}

func fromProtoFrame(f *pb.Frame) *Frame {
	if f == nil {
		return nil
	}
	out := &Frame{
		Modality:  f.GetModality(),
		Action:    f.GetAction(),
		Objects:   fromProtoObjects(f.GetObjects()),
		Bounds:    fromProtoBounds(f.GetBounds()),
		Source:    f.GetSource(),
		Status:    f.GetStatus(),
		ChangedBy: f.GetChangedBy(),
		Slot:      f.GetSlot(),
	}
	if c := f.GetCondition(); c != nil {
		q := fromProtoQualifier(c)
		out.Condition = &q
	}
	for _, e := range f.GetExceptions() {
		out.Exceptions = append(out.Exceptions, fromProtoQualifier(e))
	}
	return out
}

func toProtoQualifier(q Qualifier) *pb.Qualifier {
	return &pb.Qualifier{Text: q.Text, Objects: toProtoObjects(q.Objects), Bounds: toProtoBounds(q.Bounds)}
}

func fromProtoQualifier(q *pb.Qualifier) Qualifier {
	return Qualifier{Text: q.GetText(), Objects: fromProtoObjects(q.GetObjects()), Bounds: fromProtoBounds(q.GetBounds())}
}

func toProtoObjects(os []FrameObject) []*pb.FrameObject {
	if len(os) == 0 {
		return nil
	}
	out := make([]*pb.FrameObject, len(os))
	for i, o := range os {
		out[i] = &pb.FrameObject{Name: o.Name, Type: o.Type}
	}
	return out
}

func fromProtoObjects(os []*pb.FrameObject) []FrameObject {
	if len(os) == 0 {
		return nil
	}
	out := make([]FrameObject, len(os))
	for i, o := range os {
		out[i] = FrameObject{Name: o.GetName(), Type: o.GetType()}
	}
	return out
}

func toProtoBounds(bs []Bound) []*pb.Bound {
	if len(bs) == 0 {
		return nil
	}
	out := make([]*pb.Bound, len(bs))
	for i, b := range bs {
		out[i] = &pb.Bound{Op: b.Op, Value: b.Value, Unit: b.Unit, Text: b.Text}
	}
	return out
}

func fromProtoBounds(bs []*pb.Bound) []Bound {
	if len(bs) == 0 {
		return nil
	}
	out := make([]Bound, len(bs))
	for i, b := range bs {
		out[i] = Bound{Op: b.GetOp(), Value: b.GetValue(), Unit: b.GetUnit(), Text: b.GetText()}
	}
	return out
}
