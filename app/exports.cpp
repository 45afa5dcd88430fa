#include "app/exports.h"

#include "app/brf.h"
#include "app/record.h"
#include "app/record_folder.h"
#include "app/recording_seal.h"
#include "app/station_text.h"
#include "core/pgn.h"
#include "core/scoresheet.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

Status write_file(const std::filesystem::path& path, const std::string& text) {
  // Atomic (a reader never sees half a file), never through a link, mode 0640 (record_folder.h).
  auto folder = RecordFolder::open(path.parent_path());
  if (!folder) return fail(folder.error());
  return folder->write_atomically(path.filename().string(), text);
}

// The plies after which a draw was offered (Art. 9.1.2.2: the (=) stands by the move).
std::vector<bool> offer_marks(const GameRecord& record) {
  std::vector<bool> marks(record.moves().size(), false);
  for (const auto& offer : record.draw_offers())
    if (offer.ply > 0 && static_cast<std::size_t>(offer.ply) <= marks.size())
      marks[static_cast<std::size_t>(offer.ply - 1)] = true;
  return marks;
}

std::string outcome_text(const RecordedTouch& t) {
  if (!t.outcome) return "-";
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

std::string note_text(const rec::Note& note) {
  switch (note.kind) {
    case NoteKind::RookFirst:
      return "castling begun by touching the rook on " + core::square_name(note.square) +
             " (Art. 4.4.2)";
    case NoteKind::ArbiterCalled:
      return "the arbiter was called";
  }
  return "";
}

}  // namespace

std::string game_pgn(const GameRecord& record) {
  const auto& h = record.header();
  const auto& game = record.game();
  core::PgnGame pgn;
  pgn.set_tag("Event", h.event);
  pgn.set_tag("Site", h.site);
  pgn.set_tag("Date", h.date.empty() ? "????.??.??" : h.date);
  pgn.set_tag("Round", h.round);
  pgn.set_tag("White", h.white);
  pgn.set_tag("Black", h.black);
  pgn.set_tag("Result", core::result_text(game.end().result));
  pgn.set_tag("Board", std::to_string(h.board));
  if (auto control = core::read_time_control(h.control))
    if (auto tag = core::to_pgn_time_control(*control)) pgn.set_tag("TimeControl", *tag);
  // Appendix A, B: the game type (a tag of this program's, docs/record.md).
  pgn.set_tag("GameType", std::string(core::game_type_name(game_rules(h).type)));
  // Guidelines II: a Chess960 game says so; SetUp and FEN follow from its start position.
  if (h.chess960) pgn.set_tag("Variant", "Chess960");
  // The PGN standard's value only ("normal", "time forfeit", ...); the reason in words goes into
  // the last move's comment below.
  pgn.set_tag(
      "Termination",
      std::string(core::pgn_termination_value(core::pgn_termination(game.end().termination))));
  // D.2.7: the recording's latest seal (docs/record.md, "The seal").
  if (!record.seals().empty())
    if (auto seal = seal_from_record(record.seals().back()))
      for (const auto& [name, value] : seal_pgn_tags(*seal)) pgn.set_tag(name, value);
  pgn.start = game.start_position();
  pgn.moves = core::line_from_moves(game.start_position(), game.moves());
  pgn.result = core::result_text(game.end().result);
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
  if (game.is_over() && !pgn.moves.moves.empty())
    pgn.moves.moves.back().comments.push_back(game.end().reason + " (" + game.end().rule + ")");
  return core::write_pgn(pgn);
}

std::vector<std::string> scoresheet_lines(const GameRecord& record) {
  const auto& h = record.header();
  const auto& game = record.game();
  std::vector<std::string> lines = {h.white + " - " + h.black, h.event + ", round " + h.round};
  const auto marks = offer_marks(record);
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < record.moves().size(); ++i)
    moves.push_back(record.moves()[i].san + (marks[i] ? "(=)" : ""));
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
           outcome_text(t) + '\n';
  }
  if (!record.notes().empty()) {
    out += "# Notes for the arbiter: half-moves made, time since the start, what\n";
    for (const auto& note : record.notes())
      out += std::to_string(note.ply) + '\t' + core::format_hms_ms(note.at) + '\t' +
             note_text(note) + '\n';
  }
  return out;
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
  auto brf = to_brf(scoresheet_lines(record), cfg.record.braille_table);
  if (brf)
    note(write_file(folder / "scoresheet.brf", *brf));
  else
    note(Status{fail("record.braille_table: " + brf.error().message)});
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
