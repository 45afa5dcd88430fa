// `annabella recording verify`'s findings worded for people (app/recording_check.h), through the
// catalogs (po/): the check returns kinds and facts, this file alone words them.
#include <array>

#include "app/i18n.h"
#include "app/journal.h"
#include "app/json_text.h"
#include "app/reconcile_text.h"  // printable_utf8
#include "app/recording_check.h"

namespace annabella::app {
namespace {

using Kind = RecordingFindingKind;

struct KindText {
  Kind kind;
  const char* key;        // stable, for machines
  const char* template_;  // English, {fact} places; translated with tr()
};

// TRANSLATORS: the findings of `annabella recording verify` (D.2.7). Keep the {places}, the
// option names (--key, --keys, --unsealed-ok), "TimeControl" (a PGN tag) and the citations.
constexpr std::array kTexts = {
    KindText{Kind::Chain, "chain", i18n::tr_noop("{file}: {counts}, digest chain intact")},
    KindText{
        Kind::Interrupted, "interrupted",
        i18n::tr_noop("interrupted: the recording was cut at cue line {line} ({time}): {text}")},
    KindText{Kind::Gap, "gap",
             i18n::tr_noop("gap: the recording was cut at cue line {line} ({time}) and resumed at "
                           "cue line {resumed} ({resumed_time}); nothing said in between is "
                           "recorded: {text}")},
    KindText{Kind::TornTail, "torn_tail",
             i18n::tr_noop("torn tail (not covered by the chain, not evidence; left by a stop "
                           "between a phrase's audio and its cue line): {tail}")},
    KindText{Kind::LastDigest, "last_digest", i18n::tr_noop("last digest: {digest}")},
    KindText{Kind::TornEntry, "torn_entry",
             i18n::tr_noop("note: {file}: a torn last entry is not read ({detail})")},
    KindText{Kind::NoGameInPgn, "no_game_in_pgn", i18n::tr_noop("note: {file} holds no game")},
    KindText{Kind::OtherSealInPgn, "other_seal_in_pgn",
             i18n::tr_noop("note: {file} holds the seal of {recording}")},
    KindText{Kind::KeyUse, "key", i18n::tr_noop("key {fingerprint}: {seals}")},
    KindText{Kind::KeyChangedAt, "key_changed_at",
             i18n::tr_noop("station key changed at {change}")},
    KindText{Kind::AdjournedAt, "adjourned_at",
             i18n::tr_noop("adjourned at {utc} (time of day, UTC; the envelope's time, signed in "
                           "{source})")},
    KindText{Kind::Sealed, "sealed",
             i18n::tr_noop("sealed: {source} (sealed {sealed_at}, {occasion}), cue lines 1 to "
                           "{lines}, key {fingerprint}, code {code}")},
    KindText{Kind::NoSeal, "not_sealed",
             i18n::tr_noop("not sealed: no seal of this recording in the journal or the PGN beside "
                           "it. The game is still running, or the station stopped before sealing "
                           "it (a crash); the chain is intact, but a cut end or a recomputed chain "
                           "would not show")},
    KindText{Kind::NotSealedBeyond, "not_sealed_beyond",
             i18n::tr_noop("not sealed beyond cue line {sealed}: cue lines {first} to {last} were "
                           "recorded after the last seal (the game went on, and was not sealed "
                           "again)")},
    KindText{Kind::Verified, "verified", i18n::tr_noop("result: verified")},
    KindText{Kind::ResultNotSealed, "result_not_sealed", i18n::tr_noop("result: not sealed")},
    KindText{Kind::ResultUnreadable, "result_unreadable", i18n::tr_noop("result: cannot be read")},
    KindText{
        Kind::ResultKeyChanged, "result_key_changed",
        i18n::tr_noop("result: not verified: sealed by more than one station key, none given")},
    KindText{Kind::ResultTampered, "result_tampered",
             i18n::tr_noop("result: TAMPERED or inconsistent")},
    KindText{Kind::CannotRead, "cannot_read", "{detail}"},
    KindText{Kind::BadOption, "bad_option", "{option}: {detail}"},
    KindText{Kind::Damaged, "damaged", "{detail}"},
    KindText{Kind::DamagedOrOtherRecord, "damaged_or_other_record", "{detail}"},
    KindText{Kind::PgnEndsEarly, "pgn_ends_early",
             i18n::tr_noop("{file} was changed after its seal: it ends after {plies} moves, the "
                           "seal signs {signed} (the next signed move is {next})")},
    KindText{Kind::PgnMoveChanged, "pgn_move_changed",
             i18n::tr_noop("{file} was changed after its seal: move {number} {san} ({uci}) is not "
                           "the signed move {signed_move}")},
    KindText{Kind::PgnResultChanged, "pgn_result_changed",
             i18n::tr_noop("{file} was changed after its seal: its result is {result}, the seal "
                           "signs {signed}")},
    KindText{Kind::PgnTimeControlChanged, "pgn_time_control_changed",
             i18n::tr_noop("{file} was changed after its seal: its TimeControl is \"{control}\", "
                           "the seal signs \"{signed}\" ({signed_control})")},
    KindText{Kind::ForeignKeyOfPart, "foreign_key_of_part",
             i18n::tr_noop("foreign key: {source} is signed by key {fingerprint}, but {part} names "
                           "the station's key {station}")},
    KindText{Kind::ForeignKeyOfJournal, "foreign_key_of_journal",
             i18n::tr_noop("foreign key: {source} is signed by key {fingerprint}, but the journal "
                           "names the station's key {stations}")},
    KindText{Kind::ForeignKeyNotGiven, "foreign_key_not_given",
             i18n::tr_noop("foreign key: {source} ({occasion}, cue lines 1 to {lines} of "
                           "{recording}) is signed by key {fingerprint}, which is not among the "
                           "station keys given ({given}): no station on the list sealed this part "
                           "of the recording")},
    KindText{Kind::KeysDiffer, "keys_differ",
             i18n::tr_noop("foreign key: the seals are signed by different keys: {uses}; the "
                           "journal names no change of the station key, so one of them is not the "
                           "station's; give the fingerprints of the tournament's stations "
                           "({stations}, or --keys with the list of stations): a key not on the "
                           "list is not a station's")},
    KindText{Kind::StationKeyChanged, "station_key_changed",
             i18n::tr_noop("station key changed: the game is sealed by {count} keys: {uses}; the "
                           "journal says the key changed at {changes}; give the fingerprints of "
                           "the tournament's stations ({stations}, or --keys with the list of "
                           "stations): a key not on the list is not a station's")},
    KindText{Kind::AnotherGamesSeal, "another_games_seal",
             i18n::tr_noop("another game's seal: {source} seals the game {game}, but {begin} is "
                           "the game {begin_game}")},
    KindText{Kind::AdjournmentChanged, "adjournment_changed",
             i18n::tr_noop("the adjournment's time changed: {source} signs the adjournment at "
                           "{signed}, but {journal_source} says {journal_utc} (Guidelines I.2)")},
    KindText{Kind::NotThisRecordingsRecord, "not_this_recordings_record",
             i18n::tr_noop("not this recording's record: {named} seals {recording} to cue line "
                           "{lines} with digest {digest} ({source}), which is not this "
                           "recording's chain, while {other} matches it: {file} belongs to "
                           "another game or another recording")},
    KindText{Kind::CutEnd, "cut_end",
             i18n::tr_noop("cut end: the recording holds {lines} cue lines, but {seal} covers "
                           "{sealed}: its end has been cut off (or lines taken out and the chain "
                           "recomputed)")},
    KindText{Kind::ChangedAndRechained, "changed_and_rechained",
             i18n::tr_noop("changed and re-chained: the chain at cue line {line} is {digest}, but "
                           "{seal} has {sealed_digest}: a phrase or its audio was changed and the "
                           "chain recomputed")},
    KindText{Kind::HeadersChanged, "headers_changed",
             i18n::tr_noop("the recording's headers changed after the seal: {seal} signs "
                           "\"{signed}\", the files say \"{found}\"")},
    KindText{Kind::AfterEndSeal, "after_end_seal",
             i18n::tr_noop("after the seal of the game's end: {seal} covers cue lines 1 to "
                           "{sealed}, and {more} more follow that no later seal covers")},
    KindText{Kind::AfterClosingSeal, "after_closing_seal",
             i18n::tr_noop("after the seal that closed this recording: {seal} covers every cue "
                           "line, but more follows ({tail}): not a torn tail, since a part closed "
                           "by its seal was not cut off")},
    KindText{Kind::CodeWithoutSeal, "code_without_seal",
             i18n::tr_noop("the scoresheet's code {code} was given, but no seal of this recording "
                           "was found: the seal has been removed from the record")},
    KindText{Kind::CodeNotThisSeal, "code_not_this_seal",
             i18n::tr_noop("the scoresheet's code {code} is not the code of this recording's seal "
                           "({seal_code} in {source}): the seal was replaced, or the code was "
                           "written down wrong")},
    KindText{Kind::CueCommentAfterCues, "cue_comment_after_cues",
             i18n::tr_noop("{file}:{line}: a comment line after the first cue line")},
    KindText{Kind::CueEmptyLine, "cue_empty_line", i18n::tr_noop("{file}:{line}: an empty line")},
    KindText{Kind::CueNotEightFields, "cue_not_eight_fields",
             i18n::tr_noop("{file}:{line}: expected 8 tab-separated fields")},
    KindText{Kind::CueSequenceNotWhole, "cue_sequence_not_whole",
             i18n::tr_noop("{file}:{line}: the sequence number is not a whole number")},
    KindText{Kind::CueSamplesNotWhole, "cue_samples_not_whole",
             i18n::tr_noop("{file}:{line}: the sample numbers are not whole numbers")},
    KindText{Kind::CueLineRepeated, "cue_line_repeated",
             i18n::tr_noop("{file}:{line}: cue line {cue} appears again: a copied or moved line")},
    KindText{Kind::CueLinesSwapped, "cue_lines_swapped",
             i18n::tr_noop("{file}:{line}: cue line {cue} comes before cue line {expected}: the "
                           "lines have been swapped or moved")},
    KindText{Kind::CueLinesMissing, "cue_lines_missing",
             i18n::tr_noop("{file}:{line}: cue lines {expected} to {last} are missing (cue line "
                           "{cue} follows cue line {before}): removed from the cue list")},
    KindText{Kind::CueSamplesOutOfOrder, "cue_samples_out_of_order",
             i18n::tr_noop("{file}:{line}: the samples {first}..{end} do not follow on from the "
                           "line before")},
    KindText{Kind::CueNoAudio, "cue_no_audio",
             i18n::tr_noop("{file}:{line}: cue line {cue} ({marker} '{text}') has no audio: "
                           "samples {first}..{end} are not in the sound file")},
    KindText{Kind::CueAfterInterruption, "cue_after_interruption",
             i18n::tr_noop("{file}:{line}: a cue line after the recording was interrupted at cue "
                           "line {expected}")},
    KindText{Kind::DigestMismatch, "digest_mismatch",
             i18n::tr_noop("{file}:{line}: digest mismatch: the cue line or its audio has been "
                           "changed")},
    KindText{Kind::CueMarkerWithSamples, "cue_marker_with_samples",
             i18n::tr_noop("{file}:{line}: a {marker} marker must not hold samples")},
    // A seal read from the journal; read from the PGN, the same after "the PGN's seal: ".
    KindText{Kind::SealFieldMissing, "seal_field_missing",
             i18n::tr_noop("the seal has no field {field}")},
    KindText{Kind::SealLinesNotACount, "seal_lines_not_a_count",
             i18n::tr_noop("the seal's field {field} is \"{value}\", not a count")},
    KindText{Kind::SealEntriesNotACount, "seal_entries_not_a_count",
             i18n::tr_noop("the seal's {field} is \"{value}\", not a count")},
    KindText{Kind::SealRecordingNotAFileName, "seal_recording_not_a_file_name",
             i18n::tr_noop("the seal's recording is not a file name: \"{value}\"")},
    KindText{Kind::SealNegativeLines, "seal_negative_lines",
             i18n::tr_noop("the seal's line count is negative")},
    KindText{Kind::SealDigestNotHex, "seal_digest_not_hex",
             i18n::tr_noop("the seal's digest is not 64 hex digits")},
    KindText{Kind::SealTimeNotUtc, "seal_time_not_utc",
             i18n::tr_noop("the seal's time \"{value}\" is not a UTC time like "
                           "2026-11-03T14:22:05Z")},
    KindText{Kind::SealAdjournmentNotUtc, "seal_adjournment_not_utc",
             i18n::tr_noop("the seal's adjournment time \"{value}\" is not a UTC time like "
                           "2026-11-03T14:22:05Z")},
    KindText{Kind::SealOccasionNotAWord, "seal_occasion_not_a_word",
             i18n::tr_noop("the seal's occasion \"{value}\" is not a word")},
    KindText{Kind::SealJournalEntriesNotACount, "seal_journal_entries_not_a_count",
             i18n::tr_noop("the seal's journal entry count is not a count")},
    KindText{Kind::SealJournalDigestNotHex, "seal_journal_digest_not_hex",
             i18n::tr_noop("the seal's journal digest is not 64 hex digits")},
    KindText{Kind::SealMoveNotUci, "seal_move_not_uci",
             i18n::tr_noop("the seal's move \"{value}\" is not a move in UCI")},
    KindText{Kind::SealKeyNotHex, "seal_key_not_hex",
             i18n::tr_noop("the seal's key is not 64 hex digits")},
    KindText{Kind::SealSignatureNotHex, "seal_signature_not_hex",
             i18n::tr_noop("the seal's signature is not 128 hex digits")},
    KindText{Kind::SealFingerprintNotTheKeys, "seal_fingerprint_not_the_keys",
             i18n::tr_noop("the fingerprint {value} is not the seal's key's ({actual})")},
    KindText{Kind::SealCodeNotTheSeals, "seal_code_not_the_seals",
             i18n::tr_noop("the code {value} is not the seal's ({actual})")},
    KindText{Kind::SealKeyOrSignatureNotHex, "seal_key_or_signature_not_hex",
             i18n::tr_noop("the seal's key or signature is not hex")},
    KindText{Kind::SealSignatureDoesNotHold, "seal_signature_does_not_hold",
             i18n::tr_noop("the seal's signature does not hold: the seal was changed after it "
                           "was signed, or signed by another key than the one it names")},
    // Worded by journal_fault_text (app/journal.h).
    KindText{Kind::JournalLineDamaged, "journal_line_damaged", ""},
};

const KindText* text_of(Kind kind) {
  for (const KindText& text : kTexts)
    if (text.kind == kind) return &text;
  return nullptr;
}

// "5 cue lines (5 phrases, 1 cut off by a move, 2 heard)": counts worded with tr_n.
std::string chain_counts(const RecordingFinding& f) {
  const auto count = [&](const char* fact) { return std::stoul("0" + f.fact(fact)); };
  const unsigned long lines = count("lines"), phrases = count("phrases");
  std::string text = i18n::format(i18n::tr_n("{n} cue line", "{n} cue lines", lines),
                                  {{"n", std::to_string(lines)}}) +
                     " (" +
                     i18n::format(i18n::tr_n("{n} phrase", "{n} phrases", phrases),
                                  {{"n", std::to_string(phrases)}});
  if (count("cut") > 0)  // D.2.7: readouts a move cut off, marked in the cue list
    text += i18n::format(i18n::tr(", {n} cut off by a move"), {{"n", f.fact("cut")}});
  if (count("heard") > 0)  // D.2.1: what the microphone heard (voice input)
    text += i18n::format(i18n::tr(", {n} heard"), {{"n", f.fact("heard")}});
  return text + ")";
}

// Whether the key was among those the arbiter gave.
std::string key_use(const RecordingFinding& f) {
  const std::string given = f.fact("given");
  const char* message = i18n::tr("key {fingerprint}: {seals}");
  if (given == "*")
    message = i18n::tr("key {fingerprint} (given): {seals}");
  else if (given == "-")
    message = i18n::tr("key {fingerprint} (not given): {seals}");
  else if (!given.empty())
    message = i18n::tr("key {fingerprint} (given: {given}): {seals}");
  return i18n::format(message, f.facts);
}

// What the finding adds at its end: the file the arbiter named may be the wrong one; a gap in
// the seals is accepted, or could be.
std::string ending(const RecordingFinding& f) {
  switch (f.kind) {
    case Kind::DamagedOrOtherRecord:
    case Kind::CutEnd:
    case Kind::ChangedAndRechained:
      if (f.fact("option").empty()) return "";
      return i18n::format(i18n::tr(", or {option} {file} is another game's record, not this "
                                   "recording's"),
                          f.facts);
    case Kind::NoSeal:
    case Kind::NotSealedBeyond:
      if (f.fact("accepted") == "1") return i18n::tr(" (accepted: --unsealed-ok)");
      if (f.fact("accepted") == "hint") return i18n::tr(" (--unsealed-ok accepts it)");
      return "";
    default:
      return "";
  }
}

// The journal's faults by their stable names, in JournalFault::Kind's order.
constexpr std::array<std::string_view, 7> kJournalProblems = {
    "no_sequence_and_checksum", "checksum_mismatch", "sequence_wrong", "kind_bad_escape", "no_kind",
    "field_no_equals",          "field_bad_escape"};

std::string journal_text(const RecordingFinding& f) {
  JournalFault fault;
  for (std::size_t k = 0; k < kJournalProblems.size(); ++k)
    if (kJournalProblems[k] == f.fact("problem")) fault.kind = static_cast<JournalFault::Kind>(k);
  fault.file = f.fact("file");
  fault.line = std::stoull("0" + f.fact("line"));
  fault.last = f.fact("last") == "1";
  fault.value = f.fact("value");
  fault.expected = std::stoull("0" + f.fact("expected"));
  return journal_fault_text(fault);
}

bool is_seal_kind(Kind kind) {
  return kind >= Kind::SealFieldMissing && kind <= Kind::SealSignatureDoesNotHold;
}

// A seal's fault: where the seal stands, and which seal (the journal's or the PGN's).
std::string seal_text(const RecordingFinding& f, const std::string& reason) {
  const bool pgn = f.fact("in") == "pgn";
  std::string text = reason;
  switch (f.kind) {
    case Kind::SealFieldMissing:
      if (pgn) text = i18n::format(i18n::tr("the PGN's seal has no tag {field}"), f.facts);
      break;
    case Kind::SealLinesNotACount:
    case Kind::SealEntriesNotACount:
      if (pgn)
        text =
            i18n::format(i18n::tr("the PGN's seal: {field} is \"{value}\", not a count"), f.facts);
      break;
    case Kind::SealFingerprintNotTheKeys:
    case Kind::SealCodeNotTheSeals:
      // TRANSLATORS: {reason} is what is wrong with the seal's fingerprint or code.
      text =
          i18n::format(pgn ? i18n::tr("the PGN's seal: {reason}") : i18n::tr("the seal: {reason}"),
                       {{"reason", reason}});
      break;
    default:
      if (pgn) text = i18n::format(i18n::tr("the PGN's seal: {reason}"), {{"reason", reason}});
      break;
  }
  const std::string source = f.fact("source");
  return source.empty()
             ? text
             : i18n::format(i18n::tr("{source}: {reason}"), {{"source", source}, {"reason", text}});
}

}  // namespace

std::string_view finding_key(RecordingFindingKind kind) {
  const KindText* text = text_of(kind);
  return text == nullptr ? "?" : text->key;
}

std::string finding_text(const RecordingFinding& finding) {
  const KindText* text = text_of(finding.kind);
  if (text == nullptr) return "?";
  auto facts = finding.facts;
  switch (finding.kind) {
    case Kind::Chain:
      facts.emplace_back("counts", chain_counts(finding));
      break;
    case Kind::KeyUse:
      return key_use(finding);
    case Kind::CueLinesMissing:
      if (finding.fact("expected") == finding.fact("last"))
        return i18n::format(i18n::tr("{file}:{line}: cue line {expected} is missing (cue line "
                                     "{cue} follows cue line {before}): removed from the cue "
                                     "list"),
                            facts);
      break;
    case Kind::NotThisRecordingsRecord:
      facts.emplace_back("named", finding.fact("option").empty()
                                      ? finding.fact("file")
                                      : i18n::format(i18n::tr("{file} ({option})"), finding.facts));
      break;
    default:
      break;
  }
  if (finding.kind == Kind::JournalLineDamaged) return journal_text(finding);
  const std::string message = i18n::tr(text->template_);
  if (is_seal_kind(finding.kind)) return seal_text(finding, i18n::format(message, facts));
  return i18n::format(message, facts) + ending(finding);
}

RecordingFinding cue_list_finding(const speech::CueListFault& fault) {
  using F = speech::CueListFault::Kind;
  if (fault.kind == F::Unreadable)
    return {Kind::CannotRead, {{"detail", fault.file + ": " + fault.detail}}};
  static constexpr std::array<std::pair<F, Kind>, 13> kKinds = {{
      {F::CommentAfterCues, Kind::CueCommentAfterCues},
      {F::EmptyLine, Kind::CueEmptyLine},
      {F::NotEightFields, Kind::CueNotEightFields},
      {F::SequenceNotWhole, Kind::CueSequenceNotWhole},
      {F::SamplesNotWhole, Kind::CueSamplesNotWhole},
      {F::LineRepeated, Kind::CueLineRepeated},
      {F::LinesSwapped, Kind::CueLinesSwapped},
      {F::LinesMissing, Kind::CueLinesMissing},
      {F::SamplesOutOfOrder, Kind::CueSamplesOutOfOrder},
      {F::NoAudio, Kind::CueNoAudio},
      {F::AfterInterruption, Kind::CueAfterInterruption},
      {F::DigestMismatch, Kind::DigestMismatch},
      {F::MarkerWithSamples, Kind::CueMarkerWithSamples},
  }};
  RecordingFinding finding{Kind::DigestMismatch,
                           {{"file", fault.file}, {"line", std::to_string(fault.line)}}};
  for (const auto& [from, to] : kKinds)
    if (from == fault.kind) finding.kind = to;
  auto& facts = finding.facts;
  const auto add = [&facts](const char* name, std::string value) {
    facts.emplace_back(name, std::move(value));
  };
  switch (fault.kind) {
    case F::LineRepeated:
      add("cue", std::to_string(fault.cue));
      break;
    case F::LinesSwapped:
      add("cue", std::to_string(fault.cue));
      add("expected", std::to_string(fault.expected));
      break;
    case F::LinesMissing:
      add("expected", std::to_string(fault.expected));
      add("last", std::to_string(fault.cue - 1));
      add("cue", std::to_string(fault.cue));
      add("before", std::to_string(fault.expected - 1));
      break;
    case F::SamplesOutOfOrder:
      add("first", fault.first);
      add("end", fault.end);
      break;
    case F::NoAudio:
      add("cue", std::to_string(fault.cue));
      add("marker", fault.marker);
      add("text", fault.text);
      add("first", fault.first);
      add("end", fault.end);
      break;
    case F::AfterInterruption:
      add("expected", std::to_string(fault.expected));
      break;
    case F::MarkerWithSamples:
      add("marker", fault.marker);
      break;
    default:
      break;
  }
  return finding;
}

// The seal's finding kinds are SealFault's kinds, in the same order.
static_assert(static_cast<int>(Kind::SealSignatureDoesNotHold) -
                  static_cast<int>(Kind::SealFieldMissing) ==
              static_cast<int>(SealFault::Kind::SignatureDoesNotHold));

RecordingFinding seal_finding(const SealFault& fault, const std::string& source) {
  using F = SealFault::Kind;
  const auto kind =
      static_cast<Kind>(static_cast<int>(Kind::SealFieldMissing) + static_cast<int>(fault.kind));
  RecordingFinding finding{kind, {{"source", source}, {"in", fault.pgn ? "pgn" : "journal"}}};
  if (!fault.field.empty()) finding.facts.emplace_back("field", fault.field);
  switch (fault.kind) {
    case F::LinesNotACount:
    case F::EntriesNotACount:
    case F::RecordingNotAFileName:
    case F::TimeNotUtc:
    case F::AdjournmentNotUtc:
    case F::OccasionNotAWord:
    case F::MoveNotUci:
      finding.facts.emplace_back("value", fault.value);
      break;
    case F::FingerprintNotTheKeys:
    case F::CodeNotTheSeals:
      finding.facts.emplace_back("value", fault.value);
      finding.facts.emplace_back("actual", fault.actual);
      break;
    default:
      break;
  }
  return finding;
}

RecordingFinding journal_finding(const JournalFault& fault) {
  RecordingFinding finding{
      Kind::JournalLineDamaged,
      {{"file", fault.file},
       {"line", std::to_string(fault.line)},
       {"problem", std::string(kJournalProblems[static_cast<std::size_t>(fault.kind)])},
       {"last", fault.last ? "1" : "0"}}};
  if (!fault.value.empty()) finding.facts.emplace_back("value", fault.value);
  if (fault.kind == JournalFault::Kind::SequenceWrong)
    finding.facts.emplace_back("expected", std::to_string(fault.expected));
  return finding;
}

std::string_view verdict_key(RecordingVerdict verdict) {
  switch (verdict) {
    case RecordingVerdict::Verified:
      return "verified";
    case RecordingVerdict::NotSealed:
      return "not_sealed";
    case RecordingVerdict::Tampered:
      return "tampered";
    case RecordingVerdict::KeyChanged:
      return "key_changed";
    case RecordingVerdict::Unreadable:
      return "unreadable";
  }
  return "unreadable";
}

namespace {

// A JSON string of any text: bytes that are not UTF-8 shown as \xHH (a file name may hold them).
std::string js(std::string_view text) {
  return json_string(printable_utf8(text));
}

// {"key": "cut_end", "facts": {"lines": "40", ...}, "message": "cut end: ..."}
std::string finding_json(const RecordingFinding& f, std::string_view indent) {
  std::string out = "{\"key\": " + js(finding_key(f.kind)) + ", \"facts\": {";
  for (std::size_t i = 0; i < f.facts.size(); ++i)
    out += (i == 0 ? "" : ", ") + js(f.facts[i].first) + ": " + js(f.facts[i].second);
  out += "},\n";
  out += std::string(indent) + " \"message\": " + js(finding_text(f)) + "}";
  return out;
}

}  // namespace

std::string recording_report_json(const RecordingReport& report, std::string_view file) {
  std::string out = "{\n  \"file\": " + js(file) + ",\n";
  out += "  \"verdict\": " + js(verdict_key(report.verdict)) + ",\n";
  out += "  \"exit_code\": " + std::to_string(report.exit_code()) + ",\n";
  out += "  \"findings\": [";
  for (std::size_t i = 0; i < report.findings.size(); ++i)
    out += std::string(i == 0 ? "\n    " : ",\n    ") + finding_json(report.findings[i], "    ");
  out += report.findings.empty() ? "],\n" : "\n  ],\n";
  out += "  \"problem\": " +
         (report.problem ? finding_json(*report.problem, "  ") : std::string("null")) + "\n}\n";
  return out;
}

}  // namespace annabella::app
