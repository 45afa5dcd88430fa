// `annabella recording verify` (D.2.7, docs/record.md "Checking a recording"): the recording's
// digest chain, its anchor (the seals in the journal and the PGN beside it: their line count
// and digest must be the chain's), their signatures and key, the game they name, and a code
// from the paper scoresheet. Each kind of tampering has its own message.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/recording_seal.h"
#include "speech/cue_list.h"

namespace annabella::app {

struct RecordingCheckOptions {
  std::filesystem::path file;     // the .wav or .flac file
  std::filesystem::path journal;  // "" = game.journal beside the file (absent: no seals there)
  std::filesystem::path pgn;      // "" = game.pgn beside the file (absent: no seal there)
  std::string code;               // "" or the code written on the paper scoresheet
  // The stations' keys the arbiter trusts (the tournament's list of stations): each a
  // fingerprint or a public key (--key, any number), and a file listing them (--keys: one a
  // line, a name for people after it, # comments). When any is given, every seal of the file
  // must be signed by one of them; when none is, every seal of the game by one key.
  std::vector<std::string> keys;
  std::filesystem::path key_list;
  bool unsealed_ok = false;  // a recording not (wholly) sealed is accepted
};

enum class RecordingVerdict {
  Verified,    // exit 0: chain intact, sealed to its end (or not, with unsealed_ok)
  NotSealed,   // exit 1: chain intact, but lines no seal covers
  Tampered,    // exit 1: tampered or inconsistent
  KeyChanged,  // exit 1: the game is sealed by several station keys and none was given
  Unreadable,  // exit 2: a file cannot be read, or the options are wrong
};

// What the check found, typed (issues 13, 17): a kind and its facts ("file", "source", "lines",
// "digest", ...); worded for people in their language by finding_text (app/recording_text.cpp,
// through the catalogs). `finding_key` is the kind's stable name for machines ("cut_end").
enum class RecordingFindingKind {
  // What was found, in order (the report's lines).
  Chain,            // file, lines, phrases, cut, heard: the digest chain is intact
  Interrupted,      // line, time, text: the recording was cut at a cue line
  Gap,              // line, time, resumed, resumed_time, text: cut, then resumed (tester 14j)
  TornTail,         // tail: what a stop between a phrase's audio and its cue line left
  LastDigest,       // digest
  TornEntry,        // file, detail: the journal's torn last entry is not read
  NoGameInPgn,      // file
  OtherSealInPgn,   // file, recording
  KeyUse,           // fingerprint, given ("", "-", or the list's name, "*" given unnamed), seals
  KeyChangedAt,     // change
  AdjournedAt,      // utc, source
  Sealed,           // source, sealed_at, occasion, lines, fingerprint, code
  NoSeal,           // accepted ("1" with --unsealed-ok)
  NotSealedBeyond,  // sealed, first, last, accepted
  Verified,
  ResultNotSealed,
  ResultUnreadable,
  ResultKeyChanged,
  ResultTampered,
  // Why it is not verified (the report's problem).
  CannotRead,               // detail: a file or an option cannot be read
  BadOption,                // option, detail
  Damaged,                  // detail: the journal, a seal or the cue list as read says
  DamagedOrOtherRecord,     // detail, option, file: the same, or the named file is another game's
  PgnEndsEarly,             // file, plies, signed, next
  PgnMoveChanged,           // file, number, san, uci, signed_move
  PgnResultChanged,         // file, result, signed
  PgnTimeControlChanged,    // file, control, signed, signed_control
  ForeignKeyOfPart,         // source, fingerprint, part, station
  ForeignKeyOfJournal,      // source, fingerprint, stations
  ForeignKeyNotGiven,       // source, occasion, lines, recording, fingerprint, given
  KeysDiffer,               // uses, stations
  StationKeyChanged,        // count, uses, changes, stations
  AnotherGamesSeal,         // source, game, begin, begin_game
  AdjournmentChanged,       // source, signed, journal_source, journal_utc
  NotThisRecordingsRecord,  // file, option, recording, lines, digest, source, other
  CutEnd,                   // lines, seal, sealed, option, file
  ChangedAndRechained,      // line, digest, seal, sealed_digest, option, file
  HeadersChanged,           // seal, signed, found
  AfterEndSeal,             // seal, sealed, more
  AfterClosingSeal,         // seal, tail
  CodeWithoutSeal,          // code
  CodeNotThisSeal,          // code, seal_code, source
  // What the cue list's check found (speech::CueListFault; the key is speech::fault_key's):
  // file, line, and the facts of the kind.
  CueCommentAfterCues,   //
  CueEmptyLine,          //
  CueNotEightFields,     //
  CueSequenceNotWhole,   //
  CueSamplesNotWhole,    //
  CueLineRepeated,       // cue
  CueLinesSwapped,       // cue, expected
  CueLinesMissing,       // expected, last, cue, before
  CueSamplesOutOfOrder,  // first, end
  CueNoAudio,            // cue, marker, text, first, end
  CueAfterInterruption,  // expected (the interrupted marker's cue line)
  DigestMismatch,        //
  CueMarkerWithSamples,  // marker
  // What is wrong with a seal as read (SealFault, app/recording_seal.h): in ("journal" or
  // "pgn"), and field, value, actual as the kind has them.
  SealFieldMissing,             // field
  SealLinesNotACount,           // field, value
  SealEntriesNotACount,         // field, value
  SealRecordingNotAFileName,    // value
  SealNegativeLines,            //
  SealDigestNotHex,             //
  SealTimeNotUtc,               // value
  SealAdjournmentNotUtc,        // value
  SealOccasionNotAWord,         // value
  SealJournalEntriesNotACount,  //
  SealJournalDigestNotHex,      //
  SealMoveNotUci,               // value
  SealKeyNotHex,                //
  SealSignatureNotHex,          //
  SealFingerprintNotTheKeys,    // value, actual
  SealCodeNotTheSeals,          // value, actual
  SealKeyOrSignatureNotHex,     //
  SealSignatureDoesNotHold,     //
  // A whole line of the journal that does not check (JournalFault, app/journal.h): file, line,
  // problem (its key: "checksum_mismatch" ...), value, expected, last ("1": the last line).
  JournalLineDamaged,
};

struct RecordingFinding {
  RecordingFindingKind kind = RecordingFindingKind::Damaged;
  std::vector<std::pair<std::string, std::string>> facts;
  // A fact's value ("" when there is none).
  [[nodiscard]] std::string fact(std::string_view name) const;
};

// A fault of the cue list as a finding (Unreadable: CannotRead, with the reader's detail).
[[nodiscard]] RecordingFinding cue_list_finding(const speech::CueListFault& fault);

// What is wrong with a seal, as a finding (`source`: where the seal stands, "game.journal entry
// 57", or "" when the message names none).
[[nodiscard]] RecordingFinding seal_finding(const SealFault& fault, const std::string& source = {});

// A damaged line of the journal, as a finding.
[[nodiscard]] RecordingFinding journal_finding(const JournalFault& fault);

// The kind's stable key ("cut_end", "foreign_key_not_given").
[[nodiscard]] std::string_view finding_key(RecordingFindingKind kind);
// The finding worded for people in the catalogs' language (English source).
[[nodiscard]] std::string finding_text(const RecordingFinding& finding);

struct RecordingReport {
  RecordingVerdict verdict = RecordingVerdict::Unreadable;
  std::vector<RecordingFinding> findings;   // what was found, in order, for standard output
  std::optional<RecordingFinding> problem;  // why it is not verified (none when it is)
  [[nodiscard]] int exit_code() const;
  // The findings worded, one a line, and the problem worded ("" when none).
  [[nodiscard]] std::vector<std::string> lines() const;
  [[nodiscard]] std::string problem_text() const;
};

[[nodiscard]] RecordingReport check_recording(const RecordingCheckOptions& options);

// The verdict's stable key: "verified", "not_sealed", "tampered", "key_changed", "unreadable".
[[nodiscard]] std::string_view verdict_key(RecordingVerdict verdict);
// The report as JSON (`recording verify --json`, docs/record.md): the file, the verdict's key, the
// exit status, and each finding and the problem with its stable key, its facts and its message
// in the language of the messages; valid UTF-8 whatever a file name holds.
[[nodiscard]] std::string recording_report_json(const RecordingReport& report,
                                                std::string_view file);

}  // namespace annabella::app
