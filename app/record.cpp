#include "app/record.h"

#include <charconv>

#include "core/notation.h"

namespace annabella::app {
namespace {

using std::chrono::milliseconds;

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

std::string piece_char(core::Piece pc) {
  return pc == core::NO_PIECE ? "-" : std::string(1, kPieceChars[pc]);
}

core::Piece piece_of_char(std::string_view text) {
  if (text.size() != 1 || text[0] == ' ') return core::NO_PIECE;
  const auto at = kPieceChars.find(text[0]);
  return at == std::string_view::npos ? core::NO_PIECE : core::Piece(at);
}

std::string ms_text(milliseconds ms) {
  return std::to_string(ms.count());
}

// A numeric field; the error names the entry and the field.
Result<std::int64_t> number(const JournalEntry& e, std::string_view key, std::size_t line) {
  const std::string text = e.get(key);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return fail("journal entry " + std::to_string(line) + " (" + e.kind + "): field " +
                std::string(key) + " is \"" + text + "\", not a number");
  return value;
}

}  // namespace

JournalEntry begin_entry(const RecordHeader& h) {
  JournalEntry e;
  e.kind = "begin";
  e.set("fen", h.fen).set("control", h.control).set("white", h.white).set("black", h.black);
  e.set("vi", h.visually_impaired == core::WHITE ? "white" : "black");
  e.set("event", h.event).set("site", h.site).set("round", h.round).set("date", h.date);
  e.set("board", std::to_string(h.board));
  return e;
}

JournalEntry move_entry(const RecordedMove& m, std::size_t ply) {
  JournalEntry e;
  e.kind = "move";
  e.set("ply", std::to_string(ply)).set("uci", core::to_uci(m.move)).set("san", m.san);
  e.set("at_ms", ms_text(m.at)).set("white_ms", ms_text(m.white_left));
  e.set("black_ms", ms_text(m.black_left)).set("emt_ms", ms_text(m.elapsed)).set("by", m.by);
  return e;
}

JournalEntry touch_entry(const RecordedTouch& t) {
  JournalEntry e;
  e.kind = "touch";
  e.set("square", core::square_name(t.square)).set("piece", piece_char(t.piece));
  e.set("at_ms", ms_text(t.at)).set("ply", std::to_string(t.ply));
  e.set("own", t.own ? "1" : "0").set("put_back", t.put_back ? "1" : "0");
  return e;
}

JournalEntry clock_entry(milliseconds white_left, milliseconds black_left, milliseconds at,
                         std::string_view reason) {
  JournalEntry e;
  e.kind = "clock";
  e.set("white_ms", ms_text(white_left)).set("black_ms", ms_text(black_left));
  e.set("at_ms", ms_text(at)).set("reason", std::string(reason));
  return e;
}

JournalEntry end_entry(const core::GameEnd& end, milliseconds at) {
  JournalEntry e;
  e.kind = "end";
  e.set("result", core::result_text(end.result)).set("rule", end.rule).set("reason", end.reason);
  e.set("termination", std::to_string(static_cast<int>(end.termination)));
  e.set("at_ms", ms_text(at));
  return e;
}

JournalEntry adjourn_entry(std::string_view sealed, milliseconds at, milliseconds white_left,
                           milliseconds black_left) {
  JournalEntry e;
  e.kind = "adjourn";
  e.set("sealed", std::string(sealed)).set("at_ms", ms_text(at));
  e.set("white_ms", ms_text(white_left)).set("black_ms", ms_text(black_left));
  return e;
}

JournalEntry resume_entry(milliseconds at, std::string_view note) {
  JournalEntry e;
  e.kind = "resume";
  e.set("at_ms", ms_text(at)).set("note", std::string(note));
  return e;
}

Result<RecordedGame> rebuild_game(const JournalContents& contents) {
  RecordedGame out;
  out.torn_tail = contents.torn_tail;
  if (contents.entries.empty() || contents.entries[0].kind != "begin")
    return fail("journal: the first entry is not \"begin\"; this is not a game journal");
  std::size_t line = 0;
  for (const auto& e : contents.entries) {
    ++line;
    const std::string where = "journal entry " + std::to_string(line) + " (" + e.kind + ")";
    if (e.has("at_ms")) {
      auto at = number(e, "at_ms", line);
      if (!at) return fail(at.error().message);
      out.last_event_at = std::max(out.last_event_at, milliseconds(*at));
    }
    if (e.kind == "begin") {
      if (line != 1) return fail(where + ": a second begin entry");
      RecordHeader& h = out.header;
      h.fen = e.get("fen");
      h.control = e.get("control");
      h.white = e.get("white");
      h.black = e.get("black");
      h.visually_impaired = e.get("vi") == "black" ? core::BLACK : core::WHITE;
      h.event = e.get("event");
      h.site = e.get("site");
      h.round = e.get("round");
      h.date = e.get("date");
      auto board = number(e, "board", line);
      h.board = board ? static_cast<int>(*board) : 1;
      core::Position start;
      if (!h.fen.empty()) {
        auto pos = core::Position::from_fen(h.fen);
        if (!pos) return fail(where + ": start position: " + pos.error().message);
        start = *pos;
      }
      out.game = core::Game(start);
    } else if (e.kind == "move") {
      auto ply = number(e, "ply", line);
      if (!ply) return fail(ply.error().message);
      if (*ply != static_cast<std::int64_t>(out.moves.size()) + 1)
        return fail(where + ": ply " + std::to_string(*ply) + " where " +
                    std::to_string(out.moves.size() + 1) + " was due");
      auto move = core::read_move(out.game.position(), e.get("uci"));
      if (!move) return fail(where + ": " + move.error().message);
      if (auto played = out.game.play(*move); !played)
        return fail(where + ": " + played.error().message);
      RecordedMove m;
      m.move = *move;
      m.san = e.get("san");
      m.by = e.get("by");
      auto at = number(e, "at_ms", line);
      auto w = number(e, "white_ms", line);
      auto b = number(e, "black_ms", line);
      if (!at || !w || !b)
        return fail(!at ? at.error().message : !w ? w.error().message : b.error().message);
      m.at = milliseconds(*at);
      m.white_left = milliseconds(*w);
      m.black_left = milliseconds(*b);
      if (e.has("emt_ms")) {
        auto emt = number(e, "emt_ms", line);
        if (!emt) return fail(emt.error().message);
        m.elapsed = milliseconds(*emt);
      }
      out.white_left = m.white_left;
      out.black_left = m.black_left;
      out.clocks_known = true;
      out.sealed_move.reset();
      out.moves.push_back(std::move(m));
    } else if (e.kind == "touch") {
      RecordedTouch t;
      auto square = core::parse_square(e.get("square"));
      if (!square) return fail(where + ": square \"" + e.get("square") + "\" is not a square");
      t.square = *square;
      t.piece = piece_of_char(e.get("piece"));
      auto at = number(e, "at_ms", line);
      auto ply = number(e, "ply", line);
      if (!at || !ply) return fail(!at ? at.error().message : ply.error().message);
      t.at = milliseconds(*at);
      t.ply = static_cast<int>(*ply);
      t.own = e.get("own") == "1";
      t.put_back = e.get("put_back") == "1";
      out.touches.push_back(t);
    } else if (e.kind == "clock" || e.kind == "adjourn") {
      auto w = number(e, "white_ms", line);
      auto b = number(e, "black_ms", line);
      if (!w || !b) return fail(!w ? w.error().message : b.error().message);
      out.white_left = milliseconds(*w);
      out.black_left = milliseconds(*b);
      out.clocks_known = true;
      if (e.kind == "adjourn") out.sealed_move = e.get("sealed");
      if (e.get("reason") == "pause") out.paused = true;
      if (e.get("reason") == "resume") out.paused = false;
    } else if (e.kind == "end") {
      auto termination = number(e, "termination", line);
      if (!termination) return fail(termination.error().message);
      const std::string result = e.get("result");
      const auto game_result = result == "1-0"       ? core::GameResult::WhiteWins
                               : result == "0-1"     ? core::GameResult::BlackWins
                               : result == "1/2-1/2" ? core::GameResult::Draw
                                                     : core::GameResult::Ongoing;
      // Ends the game as recorded, unless the moves ended it already (mate, stalemate ...).
      if (!out.game.is_over() && game_result != core::GameResult::Ongoing) {
        const auto kind = static_cast<core::Termination>(*termination);
        Status ended;
        if (kind == core::Termination::Resignation)
          ended = out.game.resign(game_result == core::GameResult::WhiteWins ? core::BLACK
                                                                             : core::WHITE);
        else if (kind == core::Termination::Agreement)
          ended = out.game.agree_draw();
        else
          ended = out.game.arbiter_decision(game_result, e.get("rule") + ": " + e.get("reason"));
        if (!ended) return fail(where + ": " + ended.error().message);
      }
    } else if (e.kind == "resume") {
      // A resumption: nothing to rebuild.
    } else {
      return fail(where + ": unknown entry kind \"" + e.kind + "\"");
    }
  }
  return out;
}

std::string describe_restored(const RecordedGame& g) {
  std::string text = "Restored the game " + g.header.white + " - " + g.header.black + " after " +
                     std::to_string(g.moves.size()) + " half-moves";
  if (!g.moves.empty()) {
    const auto& last = g.moves.back();
    const std::size_t ply = g.moves.size();
    text +=
        " (last move " + std::to_string((ply + 1) / 2) + (ply % 2 ? ". " : "... ") + last.san + ")";
  }
  if (g.clocks_known)
    text += "; clocks White " + std::to_string(g.white_left.count() / 1000) + " s, Black " +
            std::to_string(g.black_left.count() / 1000) + " s as at the last recorded event";
  if (g.game.is_over()) text += "; the game is over: " + core::result_text(g.game.end().result);
  if (g.sealed_move)
    text += "; adjourned: the envelope's sealed move is \"" + *g.sealed_move +
            "\"; make it on the board, then continue the clocks (Guidelines I)";
  if (!g.torn_tail.empty()) text += ". Dropped a torn last entry: " + g.torn_tail;
  return text + ".";
}

}  // namespace annabella::app
