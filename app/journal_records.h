// The journal's entries as types: one record type per event of the game, one codec between a
// record and the journal's key/value line (app/journal.h), and nothing else. The game is rebuilt
// from these records by one interpreter, GameRecord::apply (app/game_record.h), used both while
// the game is played and when it is resumed.
//
// Entry kinds and their fields (times in milliseconds on the game's timeline, which starts at 0
// when the game starts and continues across resumptions):
//   begin    format (2), fen, control, white, black, vi (white|black), event, site, round,
//            board, date; station_key, recording (this part's station key and recording, below)
//   move     ply, uci, san, at_ms, white_ms, black_ms (the clocks after the press), emt_ms,
//            by (pegboard|console|e-board|draw claim|sealed|voice)
//   touch    n (the touch's number), square, piece, at_ms, ply, by (vi|sighted), own (1|0: the
//            toucher's own piece)
//   untouch  n, at_ms, outcome (put back|moved|removed), square (where it went, for moved)
//   clock    white_ms, black_ms, at_ms, reason (adjust|penalty|pause|resume|claim|increment|
//            claim postponed|claim refused), increment_ms (increment: the increment for both
//            players from then on, Guidelines III.4), by (white|black: who asked for the
//            increment or claimed the draw, Guidelines III.4, III.5; absent in older journals:
//            the player to move), intended (claim: the move the claimant wrote and declared, Art.
//            9.2.1.1, SAN). A claim refused while a postponed claim is open is the
//            arbiter's later decision on it (Guidelines III.5.2), and changes no time.
//   offer    by (white|black), at_ms, ply: a draw offer (Art. 9.1.2)
//   decline  by (white|black), at_ms: the offer declined (Art. 9.1.2.3)
//   note     at_ms, kind (rook first|arbiter called|both flags), square, ply; both flags: both
//            fell and which first cannot be established, the game goes on (Guidelines III.3.1.1)
//   end      result, termination, rule, reason, at_ms
//   adjourn  sealed (the sealed move as written), uci, by (white|black), at_ms, white_ms,
//            black_ms, utc (the time of day, UTC, ISO 8601; Guidelines I.2)
//   resume   at_ms, note; station_key, recording (below)
//   seal     at_ms and the recording seal's own fields (its file, digest, key, signature)
//   heard    at_ms (the end of the speech), from_ms (its start), decoded_ms, reading,
//            confidence, action (format 3); margin (the runner-up margin the confidence comes
//            from, "0.034", or "none"; absent in older journals, which old programs ignore)
//   takeback at_ms, ply (the moves made after it), uci (the moves taken back, in the order they
//            were made, blank-separated), white_ms, black_ms (the clocks as restored), arbiter
//            (1: confirmed by the arbiter), reason (format 5; D.2.8, D.2.9)
//
// A part of the game is what one run of the station recorded, from its `begin` or `resume`
// entry to the next `resume`. Its `station_key` (the public key, 64 hex digits) is the key that
// signs the seals made in that part, and `recording` the sound file it records into
// ("announcements-2.wav"); both absent when the station had no key, and in journals written
// before they were kept. Old programs ignore them (no new format).
//
// The format is raised whenever an entry kind or a field is added that an older program would
// misread or refuse (docs/record.md, "Journal format versions"); a program reads every format up
// to its own and refuses a newer one by name. Format 1 journals (written before the `format`
// field existed) are read too: their touches have `own` relative to the side to move and
// `put_back` (always 0), their adjournments only `sealed`. Format 2 journals may hold `heard`
// entries stamped when they were decoded (at_ms only).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "app/journal.h"
#include "core/game.h"
#include "core/types.h"

namespace annabella::app {

using Millis = std::chrono::milliseconds;

// The journal format this program writes.
inline constexpr int kJournalFormat = 5;

// Who made a move, as the journal names it. Keypad: the sighted player's own keypad or keyboard
// (D.2.11); a reader that does not know a name reads it as Console, the old meaning.
enum class MoveSource { Pegboard, Console, EBoard, DrawClaim, Sealed, Voice, Keypad };
std::string_view move_source_name(MoveSource source);

enum class ClockReason {
  Adjust,
  Penalty,
  Pause,
  Resume,
  Claim,
  Increment,       // Guidelines III.4: the increment introduced, two minutes to the opponent
  ClaimPostponed,  // Guidelines III.5.2: two minutes to the opponent, play goes on
  ClaimRefused,    // Guidelines III.5.3: two minutes to the opponent
  IllegalMove,     // Art. 7.5.5: the first completed illegal move of `by`; time to the opponent
};
std::string_view clock_reason_name(ClockReason reason);

enum class Toucher { ViPlayer, SightedPlayer };
enum class TouchOutcome { PutBack, Moved, Removed };
enum class NoteKind {
  RookFirst,
  ArbiterCalled,
  BothFlags,  // Guidelines III.3.1.1: both flags down, which first unknown; the game goes on
  // Guidelines III.6.1: the opponent verified the final position (and, under III.6.1.2, the
  // scoresheet) of a draw claim made without an arbiter, or disputed it.
  ClaimVerified,
  ClaimDisputed,
  // Art. 9.2: a draw claim asked to be confirmed on the VI player's menu (`move`: its intended
  // move), then not confirmed: cancelled by him, or interrupted by the station's stop (a crash,
  // a power cut): not made, withdrawn by the interruption (docs/record.md). Format 4.
  ClaimAsked,
  ClaimCancelled,
  ClaimInterrupted,
};

struct RecordHeader {
  std::string fen;        // start position ("" = the standard one)
  bool chess960 = false;  // Guidelines II: a Chess960 game, its FEN's castling rights X-FEN
  std::string control;    // time control as configured
  // game.type and game.supervision as configured ("" in journals written before them: "auto"
  // and "appendix").
  std::string game_type, supervision;
  // game.quickplay_guidelines (Guidelines III.2.1); journals written before it: announced.
  bool quickplay_guidelines = true;
  // game.arbiter_present (Guidelines III.6); journals written before it: present.
  bool arbiter_present = true;
  std::string white, black;
  core::Color visually_impaired = core::WHITE;
  std::string event, site, round, date;
  int board = 1;
};

namespace rec {

// The station key and recording of a part of the game (D.2.7; "" when not known).
struct PartSeal {
  std::string station_key;  // public key, 64 hex digits
  std::string recording;    // the sound file's name, without its folder
};

struct Begin {
  RecordHeader header;
  int format = kJournalFormat;
  PartSeal part{};
};

struct Move {
  int ply = 0;  // 1 for the first move
  core::Move move;
  std::string san;
  Millis at{0};
  Millis white_left{0}, black_left{0};  // the clocks after the press
  Millis elapsed{0};                    // the mover's thinking time ([%emt])
  MoveSource by = MoveSource::Console;
};

// D.2.2: a piece touched (a peg lifted, or the sighted player's touch reported at the console).
struct Touch {
  int number = 0;  // 1, 2, ... in the order of the game
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;
  Millis at{0};
  int ply = 0;  // moves made when it was touched
  Toucher by = Toucher::ViPlayer;
  bool own = true;  // the toucher's own piece (else the opponent's, Art. 4.3.2)
};

// What became of a touch (Art. 4): put back into its own hole, moved, or taken off (captured).
struct Untouch {
  int number = 0;  // the touch it completes
  Millis at{0};
  TouchOutcome outcome = TouchOutcome::PutBack;
  core::Square square = core::SQ_NONE;  // where the piece went (Moved)
};

struct Clock {
  Millis white_left{0}, black_left{0};
  Millis at{0};
  ClockReason reason = ClockReason::Adjust;
  Millis increment{0};  // Increment: added after every move from now on (Guidelines III.4)
  // Increment, ClaimPostponed, ClaimRefused, Claim: who asked or claimed (none in journals
  // written before it was kept: the player to move).
  std::optional<core::Color> by{};
  // Claim (Art. 9.5.3, an incorrect draw claim): the intended move as written (SAN), "" for none.
  std::string intended{};
};

// Art. 9.1.2: a draw offer, marked (=) on the scoresheet (Art. 9.1.2.2).
struct DrawOffer {
  core::Color by = core::WHITE;
  Millis at{0};
  int ply = 0;  // moves made when offered
};

// Art. 9.1.2.3: the open draw offer declined by `by`.
struct DrawDecline {
  core::Color by = core::WHITE;
  Millis at{0};
};

// A fact the arbiter may need that the station does not rule on.
struct Note {
  NoteKind kind = NoteKind::ArbiterCalled;
  Millis at{0};
  core::Square square = core::SQ_NONE;
  int ply = 0;
  std::string move;  // the claim notes: the intended move (UCI), empty for none
};

struct End {
  core::GameEnd end;
  Millis at{0};
};

// Guidelines I: the sealed move (legal when sealed), the clocks stopped.
struct Adjourn {
  std::string sealed;  // as written
  core::Move move;     // none in format 1 journals (read from `sealed` when replayed)
  core::Color by = core::WHITE;
  Millis at{0};
  Millis white_left{0}, black_left{0};
  std::string utc{};  // the time of day, "2026-11-03T14:22:05Z" ("" in older journals)
};

struct Resume {
  Millis at{0};
  std::string note;
  PartSeal part{};
};

// D.2.1: an utterance the station heard (voice input, docs/voice.md): what the recogniser read,
// its confidence and what the station did with it, kept so that an arbiter can check a
// disputed announcement. It changes nothing in the game: an entered move has its own entry.
struct Heard {
  Millis at{0};            // the end of the speech, as the capture path measured it
  Millis from{0};          // its start
  Millis decoded{0};       // when the station had it decoded (format 2 journals: at)
  std::string reading;     // speech::describe: "move Nf3 g1f3 \"springer felix drei\" 90%"
  int confidence_pct = 0;  // 0..100
  std::string action;      // what the station did: "entered", "repeated", "asked again" ...
  // The margin over the runner-up the confidence comes from (speech::margin_text: "0.034",
  // "none"): the confidence stops at 100 % long before a reading is sure (docs/voice.md), so
  // the margin is what tells a sure reading. "" in journals written before it was kept.
  std::string margin{};
};

// D.2.8, D.2.9, Art. 7.4-7.5: the last moves taken back: a slip in announcing or entering a move
// corrected, or the position the arbiter restored; the clocks set back to what they were before
// the first of them (D.2.9: "readjusts the clocks accordingly"). The record keeps the moves taken
// back and why, as evidence. Format 5.
struct TakeBack {
  Millis at{0};
  int ply = 0;                          // the moves made after it
  std::vector<core::Move> moves;        // taken back, in the order they were made
  Millis white_left{0}, black_left{0};  // the clocks as restored
  bool arbiter = false;  // the arbiter confirmed it (a move of the VI player's pegboard)
  std::string reason;    // as given, or the rule ("D.2.8")
};

// The recording's seal (D.2.7): its fields as the recording's signer writes them.
struct Seal {
  Millis at{0};
  std::vector<std::pair<std::string, std::string>> fields;
};

}  // namespace rec

using JournalRecord = std::variant<rec::Begin, rec::Move, rec::Touch, rec::Untouch, rec::Clock,
                                   rec::DrawOffer, rec::DrawDecline, rec::Note, rec::End,
                                   rec::Adjourn, rec::Resume, rec::Seal, rec::Heard, rec::TakeBack>;

// The journal line's kind and fields for a record.
[[nodiscard]] JournalEntry encode(const JournalRecord& record);
// The record a journal entry holds. `format` is the journal's (from its begin entry; 1 when it
// has none). Errors name the field and what is wrong with it; the caller adds the entry and line.
[[nodiscard]] Result<JournalRecord> decode(const JournalEntry& entry, int format = kJournalFormat);

// The time stamp of a record (begin: 0).
[[nodiscard]] Millis record_time(const JournalRecord& record);

}  // namespace annabella::app
