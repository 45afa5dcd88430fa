// The seal of a game recording (D.2.7, docs/record.md "The seal"): the recording's chain state
// (speech::RecordingAnchor) at the end of a game or at an adjournment, with the game it belongs
// to and the time, signed with the station's Ed25519 key. It anchors the chain outside the files
// it covers: in the journal (an entry of kind "seal" with seal_fields()), in the PGN (the tags of
// seal_pgn_tags()), on the console, and on the paper scoresheet as a 12-digit code
// (seal_code()), so that a cut end or a recomputed chain no longer passes `recording verify`.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/journal.h"
#include "app/journal_records.h"
#include "app/record.h"
#include "app/station_key.h"
#include "core/pgn.h"
#include "core/result.h"
#include "speech/recorder.h"

namespace annabella::app {

// The occasion of a seal made during the game (record.seal_every_seconds, docs/record.md): it
// proves the recording up to a recent move, so that a crash leaves that part verifiable.
inline constexpr std::string_view kInterimSeal = "interim";

// The game a recording belongs to, as the journal's `begin` entry and the PGN name it.
struct SealedGame {
  std::string white, black, event, round, board;
};
[[nodiscard]] SealedGame sealed_game(const RecordHeader& header);

// Version 3 (docs/record.md "The seal"): the game as the record gave it when it was sealed, so
// that the seal covers the game and not only the recording (D.2.7).
struct SealedPlay {
  int journal_entries = 0;         // the journal's entries before the seal's own entry
  std::string journal_digest;      // SHA-256 of the journal's bytes before the seal's entry, 64 hex
  std::string control;             // the time control as the journal's begin entry gives it
  std::string result;              // "1-0", "0-1", "1/2-1/2", "*"
  std::vector<std::string> moves;  // the moves made, in UCI ("e2e4"), in order
  std::string audio;  // the recording's headers: "wav 44100 Hz 1 ch 16 bit; cues v3" ("" unknown)
};

// The moves as the seal writes them: UCI, separated by one space; "-" for none.
[[nodiscard]] std::string sealed_moves_text(const std::vector<std::string>& moves);
// And back ("-" or "" is no move).
[[nodiscard]] std::vector<std::string> sealed_moves_from_text(std::string_view text);

struct RecordingSeal {
  std::string recording;  // the sound file's name, without its folder ("announcements.wav")
  int cue_lines = 0;      // the lines it covers: phrases and markers (the last sequence number)
  std::string digest;     // the chain after that line, 64 hex digits
  std::string sealed_at;  // UTC, "2026-11-03T14:22:05Z"
  std::string occasion;   // why: "end", "adjourn", "stop", "resume" (docs/record.md)
  // Guidelines I.2: the time of day (UTC) the game was adjourned, as the envelope gives it; set
  // in the seal of an adjournment ("" otherwise, and in seals made before it was kept).
  std::string adjourned_at;
  SealedGame game;
  std::optional<SealedPlay> play;  // version 3 seals; none in older seals
  std::string key;                 // the station's public key, 64 hex digits
  std::string signature;           // Ed25519 over seal_message(), 128 hex digits
};

// The exact bytes that are signed (docs/record.md): a first line "annabella recording seal v1",
// then one "name: value" line each for recording, lines, digest, sealed_at, occasion, white,
// black, event, round, board and key, each ending in LF. Values escape backslash, LF and CR as
// \\ \n \r; an empty game value is written "?" (the PGN's unknown), so the journal's "" and the
// PGN's "?" seal the same message. A seal with adjourned_at is "annabella recording seal v2",
// with an "adjourned_at" line after "occasion"; one without it is v1, byte for byte as before,
// so older seals still verify. A seal with `play` is "annabella recording seal v3": after
// "board" come audio, journal_entries, journal_digest, control, result and moves (the v2
// adjourned_at line only when set).
[[nodiscard]] std::string seal_message(const RecordingSeal& seal);

// Signs the anchor: the time (UTC, whole seconds), the game, the occasion and the key's
// signature. Fails when there is nothing recorded to seal.
// `adjourned_at`: the adjournment's time of day (utc_time_text), for an adjournment's seal.
[[nodiscard]] Result<RecordingSeal> sign_seal(const speech::RecordingAnchor& anchor,
                                              const SealedGame& game, std::string_view occasion,
                                              std::chrono::system_clock::time_point at,
                                              const StationKey& key,
                                              std::string_view adjourned_at = {},
                                              std::optional<SealedPlay> play = std::nullopt);

// A time of day as the seal and the journal write it: UTC, ISO 8601, whole seconds,
// "2026-11-03T14:22:05Z".
[[nodiscard]] std::string utc_time_text(std::chrono::system_clock::time_point at);
// Whether `text` has that shape.
[[nodiscard]] bool is_utc_time_text(std::string_view text);

// What is wrong with a seal as read or checked, typed (issue 17): worded by the application
// with the findings of `recording verify` (seal_finding, app/recording_check.h).
struct SealFault {
  enum class Kind : unsigned char {
    MissingField,             // `field` (a journal field, or a PGN tag with `pgn`) is not there
    LinesNotACount,           // the field `field` is `value`, not a count
    EntriesNotACount,         // `field` (journal_entries) is `value`, not a count
    RecordingNotAFileName,    // `value`
    NegativeLines,            //
    DigestNotHex,             // not 64 hex digits
    TimeNotUtc,               // `value` is not a UTC time like 2026-11-03T14:22:05Z
    AdjournmentNotUtc,        // `value`
    OccasionNotAWord,         // `value`
    JournalEntriesNotACount,  // the signed journal entry count is below 1
    JournalDigestNotHex,      //
    MoveNotUci,               // `value`
    KeyNotHex,                //
    SignatureNotHex,          //
    FingerprintNotTheKeys,    // the fingerprint `value` is not the key's (`actual`)
    CodeNotTheSeals,          // the code `value` is not the seal's (`actual`)
    KeyOrSignatureNotHex,     //
    SignatureDoesNotHold,     // changed after signing, or signed by another key than it names
  };
  Kind kind = Kind::SignatureDoesNotHold;
  bool pgn = false;  // read from the PGN's tags (else from the journal's seal entry)
  std::string field{}, value{}, actual{};
};

// Checks that every field is well formed and the signature is the stated key's over
// seal_message(). The error says which.
[[nodiscard]] Result<void, SealFault> check_seal_signature(const RecordingSeal& seal);

// The key's short fingerprint (key_fingerprint) from the seal's hex key ("" when malformed).
[[nodiscard]] std::string seal_fingerprint(const RecordingSeal& seal);
// The same from a public key in hex (64 hex digits; "" when malformed).
[[nodiscard]] std::string key_hex_fingerprint(std::string_view key_hex);

// The code an arbiter writes on the paper scoresheet and reads aloud: 12 digits in groups of
// three, "123-456-789-012": the first 8 bytes of SHA-256("annabella seal code v1\n" digest "\n"
// signature "\n") as a big-endian number, modulo 10^12. A seal by another key, or of another
// chain, has another code.
[[nodiscard]] std::string seal_code(const RecordingSeal& seal);
// Reads a code as written ("123-456-789-012", "123 456 789 012", "123456789012"): exactly 12
// digits, separated by nothing, spaces, hyphens or dots. Returns it as seal_code() writes it.
[[nodiscard]] Result<std::string> parse_seal_code(std::string_view text);

// The journal entry's fields, in this order: recording, lines, digest, sealed_at, occasion,
// adjourned_at (only when set), white, black, event, round, board, then (version 3) audio,
// journal_entries, journal_digest, control, result, moves, then key, fingerprint, signature,
// code (fingerprint and code are derived, for people reading the journal; the check recomputes
// them).
[[nodiscard]] std::vector<std::pair<std::string, std::string>> seal_fields(
    const RecordingSeal& seal);
// The journal entry: kind "seal" with seal_fields().
[[nodiscard]] JournalEntry seal_entry(const RecordingSeal& seal);
// A journal entry of kind "seal" back to a seal (the fields above; unknown fields are ignored).
// The error names the missing or malformed field.
[[nodiscard]] Result<RecordingSeal, SealFault> seal_from_fields(const JournalEntry& entry);
// A game record's seal (rec::Seal, as GameRecord keeps it) back to a seal.
[[nodiscard]] Result<RecordingSeal, SealFault> seal_from_record(const rec::Seal& record);

// The PGN tags: AnnabellaRecording, AnnabellaLines, AnnabellaDigest, AnnabellaSealed,
// AnnabellaOccasion, AnnabellaAdjourned (only when set), (version 3) AnnabellaAudio,
// AnnabellaJournalEntries, AnnabellaJournalDigest, AnnabellaControl, AnnabellaResult,
// AnnabellaMoves, then AnnabellaKey, AnnabellaFingerprint,
// AnnabellaSignature, AnnabellaCode. The game comes from the PGN's own White, Black, Event, Round
// and Board tags.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> seal_pgn_tags(
    const RecordingSeal& seal);
// The seal in a PGN game's tags; nullopt when it has no AnnabellaRecording tag.
[[nodiscard]] Result<std::optional<RecordingSeal>, SealFault> seal_from_pgn(
    const core::PgnGame& game);

// D.2.7: the journal's digest as a version 3 seal signs it: SHA-256 of its bytes, 64 hex digits.
[[nodiscard]] std::string journal_digest(std::string_view journal_text);

// The move `ply` (0 = the first move of the game) as a scoresheet numbers it: "8." for White's,
// "8..." for Black's; `start` is the game's start position.
[[nodiscard]] std::string move_number_text(const core::Position& start, int ply);

class GameRecord;
// The game as `record` gives it, for a version 3 seal written after the journal's text
// `journal_text` (entries: how many entries it holds).
[[nodiscard]] SealedPlay sealed_play(const GameRecord& record, int entries,
                                     std::string_view journal_text, std::string audio);

// D.2.7: every seal in a journal, checked against the journal itself: its fields and signature,
// and for a version 3 seal the bytes before its entry (their count and digest) and the game it
// signs (the begin entry's control, the moves, the result, as the journal replays up to it). The
// error begins "the journal was changed before the seal of <occasion> (<name> entry N)" and names
// the first entry that differs when it can (a move, the begin entry's control, the count).
[[nodiscard]] Status check_journal_seals(const JournalText& journal,
                                         const JournalContents& contents);

// D.2.7: after the journal's `end` entry comes only what the format allows after an end (a
// seal, a resumption, what was heard, a note for the arbiter, a touch and what became of it);
// another end, a move, a clock entry, an offer or an adjournment after it is refused, naming it.
[[nodiscard]] Status check_after_end(const JournalContents& contents);

// D.2.7: the record is whole: every seal of the journal holds against it
// (check_journal_seals), nothing stands after its end that may not (check_after_end), and the
// PGN beside it (`pgn`, when there is one) agrees with it: a PGN seal is one of the journal's
// seals, a PGN sealed at the end has a journal with its `end`, and a PGN's result is the one the
// journal gives (by its end, or its moves: a mate); else the journal's end was cut off, or the
// PGN changed.
[[nodiscard]] Status check_record_whole(const JournalText& journal, const JournalContents& contents,
                                        const core::PgnGame* pgn, std::string_view pgn_name);

// One line for the console and the station log:
// "recording sealed (end): announcements.wav, 42 lines, digest 5c1f...; key 3f2a-91c4-0b7e-55d2;
// code 123-456-789-012".
[[nodiscard]] std::string seal_summary(const RecordingSeal& seal);

// The code's 12 digits (0 to 9) in order, for saying it in the vocabulary's number words;
// empty when `code` is not a code.
[[nodiscard]] std::vector<int> seal_code_digits(std::string_view code);

// How a key given on the command line (`--key`) names a key: its fingerprint (with or without
// hyphens, any case) or the whole public key in hex. The canonical fingerprint, or an error.
[[nodiscard]] Result<std::string> parse_key_fingerprint(std::string_view text);

}  // namespace annabella::app
