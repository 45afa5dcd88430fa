#include "app/exports.h"

#include <algorithm>

#include "app/brf.h"
#include "app/game_text.h"
#include "app/i18n.h"
#include "app/record.h"
#include "app/record_folder.h"
#include "app/recording_seal.h"
#include "app/station_text.h"
#include "core/bitboard.h"
#include "core/hms.h"
#include "core/notation_writer.h"
#include "core/pgn.h"
#include "core/scoresheet.h"
#include "core/time_control.h"
#include "tactile/braille_display.h"

namespace annabella::app {
namespace {

Status write_file(const std::filesystem::path& path, const std::string& text) {
  // Atomic (a reader never sees half a file), never through a link, mode 0640 (record_folder.h).
  auto folder = RecordFolder::open(path.parent_path());
  if (!folder) return fail(folder.error());
  return folder->write_atomically(path.filename().string(), text);
}

// The moves marked with a draw offer (Art. 9.1.2.2: the (=) stands by the offerer's move): the
// move he had just made, or, when he offered while on move (Guidelines III.4's request is such
// an offer), the move he made next.
std::vector<bool> offer_marks(const GameRecord& record) {
  std::vector<bool> marks(record.moves().size(), false);
  const core::Game& game = record.game();
  for (const auto& offer : record.draw_offers()) {
    if (offer.ply < 0) continue;
    auto index = static_cast<std::size_t>(offer.ply);
    if (index > 0 && game.position_at(index - 1).side_to_move() == offer.by) --index;
    if (index < marks.size()) marks[index] = true;
  }
  return marks;
}

std::string outcome_text(const GameRecord& record, const RecordedTouch& t);

// D.2.2: a touch open when the station stopped, and what became of it after the resumption.
std::string touch_outcome_text(const GameRecord& record, const RecordedTouch& t) {
  if (!t.interrupted_at) return outcome_text(record, t);
  const std::string open =
      "open at the interruption (resumed at " + core::format_hms_ms(*t.interrupted_at) + ")";
  if (!t.outcome && !touch_passed(record, t)) return open;
  return open + "; then " + outcome_text(record, t);
}

// The move that ended the turn of a touch left open (Art. 4.3), as "1... Nf6 at 0:00:12.345".
std::string passed_move_text(const GameRecord& record, const TouchPassed& passed) {
  const RecordedMove& m = record.moves()[passed.move_index];
  return text::move_number(record.game().start_position(), passed.move_index) + m.san + " (" +
         core::to_uci(m.move) + ") at " + core::format_hms_ms(m.at);
}

std::string outcome_text(const GameRecord& record, const RecordedTouch& t) {
  if (!t.outcome) {
    // Art. 4.3: his turn ended with another move; whether the touched piece bound him.
    const auto passed = touch_passed(record, t);
    // Nothing became of it yet (doubt 6c of session 13: the log said "-"): a peg lifted on his
    // pegboard is still in the hand (D.2.2), off its square; the sighted player's touch waits
    // for the end of his turn (Art. 4.3).
    if (!passed) {
      const std::string when = record.game().is_over() ? " when the game ended" : " so far";
      return t.touch.by == Toucher::ViPlayer
                 ? "still in the hand: lifted from " + core::square_name(t.touch.square) +
                       ", not put into a hole" + when
                 : "open: the toucher's turn has not ended with a move" + when;
    }
    const std::string moved = passed_move_text(record, *passed);
    if (!passed->binding) return "not moved: " + moved + " was played";
    return t.touch.own ? "not moved, though it could be (Art. 4.3.1): " + moved + " was played"
                       : "not captured, though it could be (Art. 4.3.2): " + moved + " was played";
  }
  const std::string at = " at " + core::format_hms_ms(t.ended_at);
  switch (*t.outcome) {
    case TouchOutcome::PutBack:
      return "put back" + at;
    case TouchOutcome::Moved:
      return "moved to " + core::square_name(t.went_to) + at;
    case TouchOutcome::Removed:
      return "taken off the board" + at;
  }
  return "-";
}

// Art. 4.3, 4.8, D.2.10.5: for the arbiter, a touched piece that bound its toucher and was
// neither moved nor captured; the VI player was told at once that a claim must come before he
// touches a piece.
std::string touch_not_moved_note(const GameRecord& record, const RecordedTouch& t,
                                 const TouchPassed& passed) {
  const core::Color toucher = record.game().position_at(passed.move_index).side_to_move();
  const std::string who = toucher == core::WHITE ? "White" : "Black";
  const std::string whose = t.touch.own ? "the " : "the opponent's ";
  return who + " (" + (t.touch.by == Toucher::ViPlayer ? "the VI player" : "the sighted player") +
         ") touched " + whose + core::piece_name(t.touch.piece) + " on " +
         core::square_name(t.touch.square) + ", which could be " +
         (t.touch.own ? "moved (Art. 4.3.1)" : "captured (Art. 4.3.2)") + ", and played " +
         passed_move_text(record, passed) + "; the opponent was told that a claim must be made " +
         "before he touches a piece (Art. 4.8)";
}

std::string note_text(const rec::Note& note) {
  switch (note.kind) {
    case NoteKind::RookFirst:
      return "castling begun by touching the rook on " + core::square_name(note.square) +
             " (Art. 4.4.2)";
    case NoteKind::ArbiterCalled:
      return "the arbiter was called";
    case NoteKind::BothFlags:
      return "both flags fallen, which first cannot be established";
    case NoteKind::ClaimVerified:
      return "the opponent verified the claim's final position and scoresheet (Guidelines III.6.1)";
    case NoteKind::ClaimDisputed:
      return "the opponent disputed the claim's final position or scoresheet (Guidelines III.6.1)";
    case NoteKind::ClaimAsked:
      return "the VI player's draw claim" +
             (note.move.empty() ? std::string() : " with the intended move " + note.move) +
             " awaits his confirmation (Art. 9.2)";
    case NoteKind::ClaimCancelled:
      return "the draw claim was not confirmed: cancelled, not made (Art. 9.2)";
    case NoteKind::ClaimInterrupted:
      return "the draw claim awaiting confirmation was interrupted by the station's stop: not "
             "made, withdrawn by the interruption; he may claim again (Art. 9.2, D.2.3)";
  }
  return "";
}

// The pieces of `side` in one line, for a braille display or a screen reader: "King g1, Rook
// f1, Pawns a2 b2" (no picture to read cell by cell).
std::string pieces_line(const core::Position& pos, core::Color side) {
  static constexpr std::pair<core::PieceType, const char*> kNames[] = {
      {core::KING, "King"},     {core::QUEEN, "Queen"},   {core::ROOK, "Rook"},
      {core::BISHOP, "Bishop"}, {core::KNIGHT, "Knight"}, {core::PAWN, "Pawn"}};
  std::string line;
  for (const auto& [type, name] : kNames) {
    core::Bitboard b = pos.pieces(side, type);
    if (!b) continue;
    line += (line.empty() ? "" : ", ") + std::string(name) + (core::popcount(b) > 1 ? "s" : "");
    while (b) line += " " + core::square_name(core::pop_lsb(b));
  }
  return line;
}

// Guidelines III in words, for the PGN's comments and the arbiter's notes (English, as the PGN).
std::string quickplay_text(const QuickplayEvent& e) {
  const std::string side = e.by == core::WHITE ? "White" : "Black";
  const std::string other = e.by == core::WHITE ? "Black" : "White";
  using K = QuickplayEvent::Kind;
  switch (e.kind) {
    case K::Increment:
      return side + " asked for an increment with less than two minutes left: 5 s a move for " +
             "both from now on, 2 minutes added to " + other + " (Guidelines III.4)";
    case K::ClaimPostponed:
      return side + " claims a draw with less than two minutes left: decision postponed, 2 " +
             "minutes added to " + other + " (Guidelines III.5.2)";
    case K::ClaimRefused:
      return side + " claims a draw with less than two minutes left: refused, 2 minutes added " +
             "to " + other + " (Guidelines III.5.3)";
    case K::PostponedClaimRefused:
      return side + "'s postponed draw claim refused (Guidelines III.5.2)";
    case K::ClaimUpheld:
      return side + "'s draw claim with less than two minutes left upheld: a draw (Guidelines " +
             "III.5)";
    case K::BothFlagsPlayOn:
      return std::string("both flags fallen, which first cannot be established: not the last ") +
             "period, the game goes on (Guidelines III.3.1.1)";
    case K::BothFlagsDraw:
      return std::string("both flags fallen, which first cannot be established: the last ") +
             "period, a draw (Guidelines III.3.1.2)";
  }
  return "";
}

// Art. 7.5.5 in words, for the PGN's comments and the arbiter's notes (English, as the PGN).
std::string illegal_move_text(const IllegalMoveEvent& e, const GameRecord& record) {
  const auto minutes = game_rules(record.header()).penalty().count();
  return std::string(e.by == core::WHITE ? "White" : "Black") +
         "'s first completed illegal move, established by the arbiter: " + std::to_string(minutes) +
         (minutes == 1 ? " minute" : " minutes") + " added to " +
         (e.by == core::WHITE ? "Black" : "White") + " (Art. 7.5.5)";
}

// D.2.8, D.2.9 in words, for the PGN's comments and the touch log (English, as the PGN): the
// record keeps that the moves were made, how they were entered, and why they were taken back.
std::string take_back_text(const TakenBack& t, const GameRecord& record) {
  const core::Position& start = record.game().start_position();
  std::string moves;
  for (std::size_t i = 0; i < t.moves.size(); ++i) {
    const auto& m = t.moves[i];
    moves += (moves.empty() ? "" : ", ") +
             text::move_number(start, static_cast<std::size_t>(t.first_ply - 1) + i) + m.san +
             " (" + core::to_uci(m.move) + ", by " + std::string(move_source_name(m.by)) + ")";
  }
  return "taken back: " + moves + (t.entry.arbiter ? ", confirmed by the arbiter" : "") +
         (t.entry.reason.empty() ? std::string() : "; reason: " + t.entry.reason) +
         (t.withdrawn_end ? "; the end it made (" + core::result_text(t.withdrawn_end->result) +
                                ", " + text::end_reason_record(*t.withdrawn_end) + ", " +
                                t.withdrawn_end->rule + ") is withdrawn (Art. 7)"
                          : std::string()) +
         "; clocks set back to White " + core::format_hms(t.entry.white_left) + ", Black " +
         core::format_hms(t.entry.black_left) + " (D.2.8, D.2.9)";
}

// Art. 9.5.3 in words, for the PGN's comments (English, as the PGN).
std::string rejected_claim_text(const RejectedClaim& c, const GameRecord& record) {
  const auto minutes = game_rules(record.header()).penalty().count();
  return std::string(c.by == core::WHITE ? "White" : "Black") + " claims a draw" +
         (c.intended.empty() ? std::string(" (Art. 9.2, 9.3)")
                             : " with the intended move " + c.intended + " (Art. 9.2.1.1, 9.3.1)") +
         ": incorrect, " + std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes") +
         " added to " + (c.by == core::WHITE ? "Black" : "White") +
         (c.intended.empty() ? "" : "; the move is made") + " (Art. 9.5.3)";
}

}  // namespace

namespace {

// The seven-tag roster and the tags of this program's record (docs/record.md).
void set_pgn_tags(core::PgnGame& pgn, const GameRecord& record) {
  const auto& h = record.header();
  const auto& game = record.game();
  pgn.set_tag("Event", h.event);
  pgn.set_tag("Site", h.site);
  pgn.set_tag("Date", h.date.empty() ? "????.??.??" : h.date);
  pgn.set_tag("Round", h.round);
  pgn.set_tag("White", h.white);
  pgn.set_tag("Black", h.black);
  pgn.set_tag("Result", core::result_text(game.end().result));
  pgn.set_tag("Board", std::to_string(h.board));
  if (auto control = core::read_time_control(h.control, core::TwoReadings::Minutes))
    if (auto tag = core::to_pgn_time_control(*control)) pgn.set_tag("TimeControl", *tag);
  // Appendix A, B: the game type (a tag of this program's, docs/record.md).
  pgn.set_tag("GameType", std::string(core::game_type_name(game_rules(h).type)));
  // Guidelines II: a Chess960 game says so; SetUp and FEN follow from its start position.
  if (h.chess960) pgn.set_tag("Variant", "Chess960");
  // The PGN standard's value only ("normal", "time forfeit", ...); the reason in words goes into
  // the last move's comment.
  pgn.set_tag(
      "Termination",
      std::string(core::pgn_termination_value(core::pgn_termination(game.end().termination))));
  // D.2.7: the seal of the game's latest end once there is one (its code is the one on the
  // paper scoresheet; later seals, of a finished game read after a resumption, are added to the
  // journal, never put in its place), else the recording's latest seal (docs/record.md). A game
  // ends twice when its first end left the result to an arbiter (a claim referred to him,
  // Guidelines III.6.2): his decision is sealed as the game's end, and that seal, which signs
  // the result the PGN now gives, is the PGN's; the first seal (result "*") stays in the journal.
  // An end withdrawn by a take-back (a game-ending wrong move corrected, Art. 7, D.2.9) no
  // longer signs the game: its seal gives way to the later ones.
  std::optional<Millis> withdrawn_until;
  for (const TakenBack& t : record.taken_back())
    if (t.withdrawn_end) withdrawn_until = t.entry.at;
  std::optional<RecordingSeal> shown;
  bool shown_end = false;
  for (const auto& entry : record.seals()) {
    auto seal = seal_from_record(entry);
    if (!seal) continue;
    if (shown_end && seal->occasion != "end") continue;
    shown = std::move(*seal);
    shown_end = shown->occasion == "end" && !(withdrawn_until && entry.at <= *withdrawn_until);
  }
  if (shown)
    for (const auto& [name, value] : seal_pgn_tags(*shown)) pgn.set_tag(name, value);
}

// A comment after the move `ply` half-moves into the game (before the first move at 0).
void comment_at_ply(core::PgnGame& pgn, int ply, std::string text) {
  const auto at = static_cast<std::size_t>(ply);
  if (at == 0)
    pgn.moves.comments.push_back(std::move(text));
  else if (at <= pgn.moves.moves.size())
    pgn.moves.moves[at - 1].comments.push_back(std::move(text));
}

// The clocks, the draw offers and Guidelines III's events at the move where each happened.
void annotate_moves(core::PgnGame& pgn, const GameRecord& record) {
  const auto& game = record.game();
  const auto marks = offer_marks(record);
  const auto& moves = record.moves();
  for (std::size_t i = 0; i < moves.size() && i < pgn.moves.moves.size(); ++i) {
    const auto& m = moves[i];
    const bool white_moved = game.position_at(i).side_to_move() == core::WHITE;
    auto& node = pgn.moves.moves[i];
    node.clock = white_moved ? m.white_left : m.black_left;
    node.elapsed = m.elapsed;
    if (marks[i])
      // The PGN is the game's record for everyone: its comments stay English.
      node.comments.push_back(std::string("(=) ") + (white_moved ? "White" : "Black") +
                              " offers a draw (Art. 9.1.2.2)");
  }
  // Guidelines III at the ply it happened (an end's own comment says an end).
  for (const QuickplayEvent& e : record.quickplay_events()) {
    if (e.kind == QuickplayEvent::Kind::ClaimUpheld ||
        e.kind == QuickplayEvent::Kind::BothFlagsDraw)
      continue;
    comment_at_ply(pgn, e.ply, quickplay_text(e));
  }
  for (const IllegalMoveEvent& e : record.illegal_moves())
    comment_at_ply(pgn, e.ply, illegal_move_text(e, record));
  for (const RejectedClaim& c : record.rejected_claims())
    comment_at_ply(pgn, c.ply, rejected_claim_text(c, record));
  for (const TakenBack& t : record.taken_back())
    comment_at_ply(pgn, t.entry.ply, take_back_text(t, record));
}

}  // namespace

std::string game_pgn(const GameRecord& record) {
  const auto& game = record.game();
  core::PgnGame pgn;
  set_pgn_tags(pgn, record);
  pgn.start = game.start_position();
  pgn.moves = core::line_from_moves(game.start_position(), game.moves());
  pgn.result = core::result_text(game.end().result);
  annotate_moves(pgn, record);
  if (game.is_over() && !pgn.moves.moves.empty())
    pgn.moves.moves.back().comments.push_back(text::end_reason_record(game.end()) + " (" +
                                              game.end().rule + ")");
  return core::write_pgn(pgn);
}

std::vector<std::string> scoresheet_lines(const GameRecord& record, std::string_view language) {
  const auto& h = record.header();
  const auto& game = record.game();
  // D.2.7: the VI player's scoresheet in his words and piece letters ("Runde", "Sf3"; "С" for a
  // Macedonian); English for "" or a language with no catalog or letter table.
  const i18n::Catalog words = language.empty() ? i18n::Catalog{} : i18n::Catalog::load(language);
  auto table = core::piece_letters_for(language.empty() ? "en" : language);
  const core::PieceLetters letters = table ? *table : core::english_letters();
  std::vector<std::string> lines = {
      h.white + " - " + h.black,
      // TRANSLATORS: the event line of the VI player's braille scoresheet (scoresheet.brf).
      i18n::format(i18n::tr(words, i18n::tr_noop("{event}, round {round}")),
                   {{"event", h.event}, {"round", h.round}})};
  const auto marks = offer_marks(record);
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < record.moves().size(); ++i)
    moves.push_back(core::san_in_letters(record.moves()[i].san, letters) + (marks[i] ? "(=)" : ""));
  // Art. 8.1: one row a move number; Black's moves in Black's column ("1... d5" first when
  // Black moved first).
  for (std::string& row : core::scoresheet_lines(game.start_position(), moves))
    lines.push_back(std::move(row));
  lines.push_back(core::result_text(game.end().result));
  return lines;
}

std::string touch_log(const GameRecord& record) {
  std::string out =
      "# Touch log (D.2.2; evidence for Art. 4): half-moves made, time since the start, square, "
      "piece, who touched it, what became of it\n";
  for (const auto& t : record.touches()) {
    const auto& touch = t.touch;
    out += std::to_string(touch.ply) + '\t' + core::format_hms_ms(touch.at) + '\t' +
           core::square_name(touch.square) + '\t' + core::piece_name(touch.piece) +
           (touch.own ? "" : " (the opponent's piece)") + '\t' +
           (touch.by == Toucher::ViPlayer ? "VI player" : "sighted player") + '\t' +
           touch_outcome_text(record, t) + '\n';
  }
  // The notes and Guidelines III's decisions, in the order they happened (a both-flags note is
  // said once, as its decision).
  struct Line {
    Millis at;
    int ply;
    std::string text;
  };
  std::vector<Line> lines;
  for (const auto& note : record.notes())
    if (note.kind == NoteKind::ArbiterCalled && !record.header().arbiter_present)
      lines.push_back({note.at, note.ply,
                       "the arbiter was called; no arbiter was present (Guidelines III.6): the "
                       "organiser is to be called, and the game is referred to an arbiter "
                       "(III.6.2)"});
    else if (note.kind != NoteKind::BothFlags)
      lines.push_back({note.at, note.ply, note_text(note)});
  for (const auto& e : record.quickplay_events()) lines.push_back({e.at, e.ply, quickplay_text(e)});
  for (const auto& t : record.touches())
    if (const auto passed = touch_passed(record, t); passed && passed->binding)
      lines.push_back({record.moves()[passed->move_index].at,
                       static_cast<int>(passed->move_index) + 1,
                       touch_not_moved_note(record, t, *passed)});
  for (const auto& e : record.illegal_moves())
    lines.push_back({e.at, e.ply, illegal_move_text(e, record)});
  for (const auto& t : record.taken_back())
    lines.push_back({t.entry.at, t.entry.ply, take_back_text(t, record)});
  std::stable_sort(lines.begin(), lines.end(),
                   [](const Line& a, const Line& b) { return a.at < b.at; });
  if (!lines.empty()) {
    out += "# Notes for the arbiter: half-moves made, time since the start, what\n";
    for (const auto& line : lines)
      out +=
          std::to_string(line.ply) + '\t' + core::format_hms_ms(line.at) + '\t' + line.text + '\n';
  }
  return out;
}

std::string claim_text(const GameRecord& record) {
  if (!record.referred_claim()) return {};
  const ReferredClaim& claim = *record.referred_claim();
  const core::Position& pos = record.game().position();
  const auto side = [](core::Color c) { return std::string(c == core::WHITE ? "White" : "Black"); };
  std::string out = "Draw claim made without an arbiter (Guidelines III.6)\n";
  out += "Claimant: " + side(claim.by) + " (" +
         (claim.by == core::WHITE ? record.header().white : record.header().black) + ")\n";
  const RecordHeader& h = record.header();
  out += "Game: " + h.white + " - " + h.black + "; " + h.event + ", round " + h.round + ", board " +
         std::to_string(h.board) + (h.date.empty() ? "" : ", " + h.date) + "\n";
  out += "Time control: " + h.control + "\n";
  out += "Grounds: " + claim.rule + "\n";
  out += "Claimed at: " + core::format_hms(claim.at) + " of play, after " +
         std::to_string(claim.ply) + " half-moves\n";
  // III.6.1: less than two minutes on the claimant's clock, his flag not fallen; both clocks,
  // as the claim stopped them.
  if (claim.white_left && claim.black_left)
    out += "Clocks at the claim: White " + core::format_hms(*claim.white_left) + ", Black " +
           core::format_hms(*claim.black_left) + " (" + side(claim.by) + "'s clock running)\n";
  out +=
      "The game has ended (Guidelines III.6.1); the claim is referred to an arbiter "
      "(Guidelines III.6.2).\n\n";
  out += "Final position (FEN): " + pos.fen() + "\n";
  out += "White: " + pieces_line(pos, core::WHITE) + "\n";
  out += "Black: " + pieces_line(pos, core::BLACK) + "\n";
  out += side(pos.side_to_move()) + " to move\n\n" + pos.diagram() + "\n";
  // III.6.1.2: the claimant also submits an up-to-date scoresheet.
  if (claim.rule.find("III.6.1.2") != std::string::npos) {
    out += "Scoresheet (Guidelines III.6.1.2):\n";
    for (const auto& line : scoresheet_lines(record)) out += line + "\n";
    out += "\n";
  }
  out += "Verification by " + side(~claim.by) + ": " +
         (!claim.verified   ? std::string("not yet given")
          : *claim.verified ? std::string("verified")
                            : std::string("disputed")) +
         "\n";
  out += "Arbiter's decision (Guidelines III.6.2): " +
         (claim.decision ? core::result_text(claim.decision->result) + " (" +
                               text::end_reason_record(*claim.decision) + ")"
                         : std::string("not yet given")) +
         "\n";
  return out;
}

std::string player_braille_table(std::string_view language) {
  auto table = tactile::braille_table_for(language);  // the language is checked on reading
  return table ? std::string(table->table) : std::string("en-ueb-g1.ctb");
}

namespace {
// The VI player the scoresheet is for: the first marked visually impaired (White when neither is).
const config::Player& scoresheet_player(const config::StationConfig& cfg) {
  return cfg.white.visually_impaired || !cfg.black.visually_impaired ? cfg.white : cfg.black;
}
}  // namespace

std::string scoresheet_table(const config::StationConfig& cfg) {
  if (cfg.record.braille_table != "auto") return cfg.record.braille_table;
  return player_braille_table(scoresheet_player(cfg).language);
}

Status write_game_files(const std::filesystem::path& folder, const GameRecord& record,
                        const config::StationConfig& cfg) {
  // Each file is written even when another could not be: one refused file loses no other.
  std::string errors;
  const auto note = [&errors](const Status& written) {
    if (written) return;
    errors += (errors.empty() ? "" : "; ") + written.error().message;
  };
  note(write_file(folder / "game.pgn", game_pgn(record)));
  BrfLayout page;  // record.braille_cells_per_line, record.braille_lines_per_page (D.2.7)
  page.cells_per_line = cfg.record.braille_cells_per_line;
  page.lines_per_page = cfg.record.braille_lines_per_page;
  auto brf = to_brf(scoresheet_lines(record, scoresheet_player(cfg).language),
                    scoresheet_table(cfg), page);
  if (brf)
    note(write_file(folder / "scoresheet.brf", *brf));
  else
    note(Status{fail("record.braille_table: " + brf.error().message)});
  // Guidelines III.6.1: the final position (and scoresheet) of a claim made without an arbiter.
  if (record.referred_claim()) note(write_file(folder / "claim.txt", claim_text(record)));
  if (!errors.empty()) return fail(errors);
  return {};
}

Status write_touch_log(const std::filesystem::path& folder, const GameRecord& record) {
  return write_file(folder / "touches.txt", touch_log(record));
}

std::vector<std::filesystem::path> export_files(const std::filesystem::path& folder) {
  return {folder / "game.pgn", folder / "scoresheet.brf", folder / "touches.txt"};
}

}  // namespace annabella::app
