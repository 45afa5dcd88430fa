#include "app/record.h"

#include <charconv>

#include "core/notation.h"
#include "core/time_control.h"

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

// A numeric field; the error names the entry (`where`) and the field.
Result<std::int64_t> number(const JournalEntry& e, std::string_view key, const std::string& where) {
  const std::string text = e.get(key);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return fail(where + ": field " + std::string(key) + " is \"" + text + "\", not a number");
  return value;
}

// A time field in milliseconds, bounded so that the clock's nanosecond arithmetic cannot
// overflow (a game lasts days, not a thousand years).
Result<milliseconds> time_field(const JournalEntry& e, std::string_view key,
                                const std::string& where) {
  constexpr std::int64_t kLimit = 1'000'000'000'000;  // about 31 years
  auto value = number(e, key, where);
  if (!value) return fail(value.error());
  if (*value > kLimit || *value < -kLimit)
    return fail(where + ": field " + std::string(key) + " is " + std::to_string(*value) +
                " ms, more than any game lasts");
  return milliseconds(*value);
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
  const std::string name = contents.name.empty() ? "journal" : contents.name;
  if (contents.entries.empty() || contents.entries[0].kind != "begin")
    return fail(name + ": the first entry is not \"begin\"; this is not a game journal");
  using Step = RecordedClockStep;
  // The clock steps keep the timeline's order even if a stamp went backwards.
  milliseconds last_step_at{0};
  const auto add_step = [&](Step::Kind kind, milliseconds at, const milliseconds* times) {
    last_step_at = std::max(last_step_at, at);
    Step step;
    step.kind = kind;
    step.at = last_step_at;
    if (times) {
      step.times = true;
      step.white_left = times[0];
      step.black_left = times[1];
    }
    out.clock_steps.push_back(step);
  };
  std::size_t line = 0;
  for (const auto& e : contents.entries) {
    ++line;
    // Entry number and line are the same (sequence numbers count lines); both are said so that
    // an arbiter can find it in an editor as well as in a message about sequence numbers.
    const std::string where = name + ": entry " + std::to_string(line) + " (line " +
                              std::to_string(line) + ", " + e.kind + ")";
    milliseconds at{0};
    if (e.has("at_ms")) {
      auto stamp = time_field(e, "at_ms", where);
      if (!stamp) return fail(stamp.error());
      at = *stamp;
      out.last_event_at = std::max(out.last_event_at, at);
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
      auto board = number(e, "board", where);
      h.board = board ? static_cast<int>(*board) : 1;
      if (auto control = core::read_time_control(h.control); !control)
        return fail(where + ": control \"" + h.control + "\": " + control.error().message);
      core::Position start;
      if (!h.fen.empty()) {
        auto pos = core::Position::from_fen(h.fen);
        if (!pos) return fail(where + ": start position: " + pos.error().message);
        start = *pos;
      }
      out.game = core::Game(start);
      add_step(Step::Kind::Start, milliseconds(0), nullptr);  // the clock starts at 0 (Art. 6.5)
    } else if (e.kind == "move") {
      auto ply = number(e, "ply", where);
      if (!ply) return fail(ply.error());
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
      auto stamp = time_field(e, "at_ms", where);
      auto w = time_field(e, "white_ms", where);
      auto b = time_field(e, "black_ms", where);
      if (!stamp || !w || !b) return fail(!stamp ? stamp.error() : !w ? w.error() : b.error());
      m.at = *stamp;
      m.white_left = *w;
      m.black_left = *b;
      if (e.has("emt_ms")) {
        auto emt = time_field(e, "emt_ms", where);
        if (!emt) return fail(emt.error());
        m.elapsed = *emt;
      }
      // A move starts the opponent's turn: the steps before it no longer matter.
      out.clock_steps.clear();
      const milliseconds times[2] = {m.white_left, m.black_left};
      add_step(Step::Kind::Start, m.at, times);
      out.clocks_set_at = m.at;
      out.paused = false;
      out.sealed_move.reset();
      out.moves.push_back(std::move(m));
    } else if (e.kind == "touch") {
      RecordedTouch t;
      auto square = core::parse_square(e.get("square"));
      if (!square) return fail(where + ": square \"" + e.get("square") + "\" is not a square");
      t.square = *square;
      t.piece = piece_of_char(e.get("piece"));
      auto stamp = time_field(e, "at_ms", where);
      auto ply = number(e, "ply", where);
      if (!stamp || !ply) return fail(!stamp ? stamp.error() : ply.error());
      t.at = *stamp;
      t.ply = static_cast<int>(*ply);
      t.own = e.get("own") == "1";
      t.put_back = e.get("put_back") == "1";
      out.touches.push_back(t);
    } else if (e.kind == "clock" || e.kind == "adjourn") {
      auto w = time_field(e, "white_ms", where);
      auto b = time_field(e, "black_ms", where);
      if (!w || !b) return fail(!w ? w.error() : b.error());
      const milliseconds times[2] = {*w, *b};
      const std::string reason = e.get("reason");
      if (e.kind == "adjourn" || reason == "pause") {
        add_step(Step::Kind::Pause, at, times);
        out.paused = true;
      } else if (reason == "resume") {
        add_step(Step::Kind::Resume, at, times);
        out.paused = false;
      } else {
        add_step(Step::Kind::Set, at, times);
      }
      out.clocks_set_at = at;
      if (e.kind == "adjourn") out.sealed_move = e.get("sealed");
    } else if (e.kind == "end") {
      auto termination = number(e, "termination", where);
      if (!termination) return fail(termination.error());
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
      if (out.game.is_over()) add_step(Step::Kind::Stop, at, nullptr);
    } else if (e.kind == "resume") {
      // A resumption: nothing to rebuild (the clocks continue the turn recorded before it).
    } else {
      return fail(where + ": unknown entry kind \"" + e.kind + "\"");
    }
  }
  // A game ended by its moves (mate, stalemate) stopped the clocks at the last move.
  if (out.game.is_over() &&
      (out.clock_steps.empty() || out.clock_steps.back().kind != Step::Kind::Stop))
    add_step(Step::Kind::Stop, last_step_at, nullptr);
  // The clocks at the last recorded event, and what the running side was charged since the
  // entry that set them.
  const core::ClockInstant origin{};
  auto clock = restore_clock(out, origin);
  if (!clock) return fail(name + ": entry 1 (line 1, begin): " + clock.error().message);
  const core::ClockInstant set_at = origin + out.clocks_set_at;
  const core::ClockInstant last = origin + std::max(out.last_event_at, last_step_at);
  out.charged_side = out.game.position().side_to_move();
  out.charged = std::chrono::duration_cast<milliseconds>(
      clock->remaining(out.charged_side, set_at) - clock->remaining(out.charged_side, last));
  out.white_left = std::chrono::duration_cast<milliseconds>(clock->remaining(core::WHITE, last));
  out.black_left = std::chrono::duration_cast<milliseconds>(clock->remaining(core::BLACK, last));
  out.clocks_known = true;
  return out;
}

Result<core::ChessClock> restore_clock(const RecordedGame& g, core::ClockInstant origin) {
  auto control = core::read_time_control(g.header.control);
  if (!control) return fail("control \"" + g.header.control + "\": " + control.error().message);
  core::ChessClock clock(*control);
  // The moves each side has completed decide the period (and its delay and increment).
  int moves[2] = {0, 0};
  for (std::size_t i = 0; i < g.moves.size(); ++i) ++moves[g.game.position_at(i).side_to_move()];
  const auto set_times = [&](const RecordedClockStep& step, core::ClockInstant at) {
    if (!step.times) return;
    (void)clock.set_remaining(core::WHITE, step.white_left, at, "as recorded");
    (void)clock.set_remaining(core::BLACK, step.black_left, at, "as recorded");
  };
  // Failures below are steps that cannot apply (a pause while paused): skipping them keeps the
  // recorded times, which set_times() applies regardless.
  for (const auto& step : g.clock_steps) {
    const core::ClockInstant at = origin + step.at;
    switch (step.kind) {
      case RecordedClockStep::Kind::Start:
        (void)clock.start(at, g.game.position().side_to_move());
        (void)clock.set_moves_completed(core::WHITE, moves[core::WHITE], at, "as recorded");
        (void)clock.set_moves_completed(core::BLACK, moves[core::BLACK], at, "as recorded");
        set_times(step, at);
        break;
      case RecordedClockStep::Kind::Set:
        set_times(step, at);
        break;
      case RecordedClockStep::Kind::Pause:
        (void)clock.pause(at, "as recorded");
        set_times(step, at);
        break;
      case RecordedClockStep::Kind::Resume:
        set_times(step, at);
        (void)clock.resume(at);
        break;
      case RecordedClockStep::Kind::Stop:
        (void)clock.stop(at, "game over");
        break;
    }
  }
  return clock;
}

std::vector<std::string> adopt_recorded_header(const RecordHeader& h,
                                               config::StationConfig& config) {
  std::vector<std::string> warnings;
  const auto adopt = [&](std::string_view key, auto& value, const auto& recorded,
                         const std::string& said, const std::string& recorded_text) {
    if (value == recorded) return;
    warnings.push_back("config says " + std::string(key) + " " + said + ", the journal says " +
                       recorded_text + ": the journal's is used");
    value = recorded;
  };
  const auto quoted = [](const std::string& text) { return "\"" + text + "\""; };
  const auto adopt_text = [&](std::string_view key, std::string& value, const std::string& rec) {
    adopt(key, value, rec, quoted(value), quoted(rec));
  };
  // The same control may be written two ways ("40/5400+30:1800+30" and FIDE words).
  auto said_control = core::read_time_control(config.game.time_control);
  auto recorded_control = core::read_time_control(h.control);
  if (!(said_control && recorded_control && *said_control == *recorded_control))
    adopt_text("game.time_control", config.game.time_control, h.control);
  adopt_text("game.start_fen", config.game.start_fen, h.fen);
  adopt_text("white.name", config.white.name, h.white);
  adopt_text("black.name", config.black.name, h.black);
  // The same rule as the station's: Black is the VI player only when White is not.
  const core::Color vi =
      config.black.visually_impaired && !config.white.visually_impaired ? core::BLACK : core::WHITE;
  if (vi != h.visually_impaired) {
    const auto colour = [](core::Color c) {
      return std::string(c == core::WHITE ? "White" : "Black");
    };
    warnings.push_back(
        "config says the visually impaired player (white.visually_impaired, "
        "black.visually_impaired) is " +
        colour(vi) + ", the journal says " + colour(h.visually_impaired) +
        ": the journal's is used");
    config.white.visually_impaired = h.visually_impaired == core::WHITE;
    config.black.visually_impaired = h.visually_impaired == core::BLACK;
  }
  adopt_text("event.name", config.event.name, h.event);
  adopt_text("event.site", config.event.site, h.site);
  adopt_text("event.round", config.event.round, h.round);
  adopt_text("event.date", config.event.date, h.date);
  adopt("event.board", config.event.board, h.board, std::to_string(config.event.board),
        std::to_string(h.board));
  return warnings;
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
  if (g.clocks_known) {
    text += "; clocks White " + core::format_hms(g.white_left) + ", Black " +
            core::format_hms(g.black_left) + " as at the last recorded event (" +
            core::format_hms(g.last_event_at) + " into the game)";
    if (g.charged > milliseconds(0))
      text += std::string("; ") + (g.charged_side == core::WHITE ? "White" : "Black") +
              "'s clock charged " + core::format_hms(g.charged) + " from " +
              core::format_hms(g.clocks_set_at) + " up to the last recorded event at " +
              core::format_hms(g.last_event_at);
    text += "; the time the station was down after it is charged to nobody (the arbiter may " +
            std::string("adjust the clocks, Art. 6.10.2)");
  }
  if (g.game.is_over()) text += "; the game is over: " + core::result_text(g.game.end().result);
  if (g.sealed_move)
    text += "; adjourned: the envelope's sealed move is \"" + *g.sealed_move +
            "\"; make it on the board, then continue the clocks (Guidelines I)";
  if (!g.torn_tail.empty()) text += ". Dropped a torn last entry: " + g.torn_tail;
  return text + ".";
}

}  // namespace annabella::app
