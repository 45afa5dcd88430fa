// annabella clock: replays a timeline of clock presses under a time control (for tests and for
// arbiters checking a claim) and prints the times after each press, period changes and flags.
#include <cerrno>
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/clock_text.h"
#include "app/commands.h"
#include "app/file_error.h"
#include "app/i18n.h"
#include "app/json_text.h"
#include "app/time_control_text.h"
#include "core/clock.h"
#include "core/clock_timeline.h"

namespace annabella::app {

namespace {

using core::ClockDuration;
using core::ClockEvent;
using core::ClockInstant;
using core::ClockLogEntry;

// The timeline file, read whole; errors name the file and the line.
Result<std::vector<core::ClockTimelineEvent>> read_timeline(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(cannot_read("--events", path, read_fault(path, errno)));
  std::ostringstream text;
  text << in.rdbuf();
  const std::string content = text.str();
  auto timeline = core::parse_clock_timeline({.text = content, .source = path});
  if (!timeline) return fail(text::clock_timeline_error(timeline.error()));
  return std::move(*timeline);
}

// "after 1 move", "after 40 moves" (a count is worded with tr_n, in every language's plural).
std::string after_moves(int moves) {
  return i18n::format(
      i18n::tr_n("after {n} move", "after {n} moves", static_cast<unsigned long>(moves)),
      {{"n", std::to_string(moves)}});
}

std::string side_word(core::Color side) {
  return side == core::WHITE ? "White" : "Black";
}
std::string side_key(core::Color side) {
  return side == core::WHITE ? "white" : "black";
}

long long ms(ClockDuration d) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

// One log entry as a text line (or lines), as a screen reader reads it.
void print_text(const ClockLogEntry& e, ClockInstant origin, std::ostream& out) {
  const std::string when = core::format_hms_ms(e.time - origin);
  const std::string times = "White " + core::format_hms(e.remaining[core::WHITE]) + ", Black " +
                            core::format_hms(e.remaining[core::BLACK]);
  switch (e.event) {
    case ClockEvent::Start:
      out << "start at " << when << ": " << times << "; " << side_word(e.side) << "'s clock runs\n";
      break;
    case ClockEvent::Press:
      out << "ply " << e.ply << ", " << side_word(e.side) << " move " << e.moves_completed[e.side]
          << ", pressed at " << when << " after " << core::format_hms_ms(e.elapsed) << ": " << times
          << '\n';
      if (e.period_change)  // Art. 6: the time control reached, the next period's time added
        out << "period " << e.period + 1 << ": " << side_word(e.side)
            << " reached the time control after move " << e.moves_completed[e.side] << ": "
            << core::format_hms(e.added) << " added (Art. 6)\n";
      break;
    case ClockEvent::Flag:
      out << "flag: " << side_word(e.side) << "'s flag fell at " << when << " "
          << after_moves(e.moves_completed[e.side]) << " (Art. 6.9)\n";
      break;
    case ClockEvent::Pause:
      out << "paused at " << when << ": " << times << '\n';
      break;
    case ClockEvent::Resume:
      out << "resumed at " << when << ": " << side_word(e.side) << "'s clock runs\n";
      break;
    default:
      out << core::clock_event_name(e.event) << " at " << when << ": " << times << '\n';
      break;
  }
}

void print_json_entry(const ClockLogEntry& e, ClockInstant origin, std::ostream& out) {
  out << "    {\"event\": " << json_string(core::clock_event_name(e.event))
      << ", \"time_ms\": " << ms(e.time - origin) << ", \"side\": \"" << side_key(e.side)
      << "\", \"ply\": " << e.ply << ", \"white_ms\": " << ms(e.remaining[core::WHITE])
      << ", \"black_ms\": " << ms(e.remaining[core::BLACK])
      << ", \"white\": " << json_string(core::format_hms(e.remaining[core::WHITE]))
      << ", \"black\": " << json_string(core::format_hms(e.remaining[core::BLACK]))
      << ", \"white_moves\": " << e.moves_completed[core::WHITE]
      << ", \"black_moves\": " << e.moves_completed[core::BLACK];
  if (e.event == ClockEvent::Press)
    out << ", \"elapsed_ms\": " << ms(e.elapsed)
        << ", \"period_change\": " << (e.period_change ? "true" : "false")
        << ", \"added_ms\": " << ms(e.added) << ", \"period\": " << e.period + 1;
  out << "}";
}

// Plays the timeline's events on `clock`; the error names the events file and line.
Status replay(core::ChessClock& clock, const std::vector<core::ClockTimelineEvent>& timeline,
              ClockInstant origin, const std::string& events_path) {
  for (const core::ClockTimelineEvent& event : timeline) {
    const ClockInstant now = origin + event.at;
    core::ClockStatus done;
    switch (event.kind) {
      case core::ClockTimelineEvent::Kind::Press:
        if (auto press = clock.press(event.side, now); !press) done = fail_with(press.error());
        break;
      case core::ClockTimelineEvent::Kind::Pause:
        done = clock.pause(now);
        break;
      case core::ClockTimelineEvent::Kind::Resume:
        done = clock.resume(now);
        break;
    }
    if (!done)
      return fail(events_path + ":" + std::to_string(event.line) + ": " +
                  text::clock_error(done.error()));
  }
  return {};
}

// What a replay gives to print.
struct ClockReplay {
  const core::TimeControl& control;
  const core::ChessClock& clock;
  ClockInstant origin;
  std::vector<core::FlagFall> down;  // the flags down at the last event's time
};

void print_json(const ClockReplay& replay, std::ostream& out) {
  const auto pgn = core::to_pgn_time_control(replay.control);
  out << "{\n  \"control\": " << json_string(core::to_fide_text(replay.control))
      << ",\n  \"pgn\": " << (pgn ? json_string(*pgn) : "null") << ",\n  \"events\": [\n";
  bool first = true;
  for (const ClockLogEntry& e : replay.clock.log()) {
    out << (first ? "" : ",\n");
    print_json_entry(e, replay.origin, out);
    first = false;
  }
  out << "\n  ],\n  \"flags\": [";
  first = true;
  for (const core::FlagFall& f : replay.down) {
    out << (first ? "" : ", ") << "{\"side\": \"" << side_key(f.side)
        << "\", \"time_ms\": " << ms(f.time - replay.origin) << ", \"moves\": " << f.moves_completed
        << "}";
    first = false;
  }
  out << "]\n}\n";
}

void print_text_report(const ClockReplay& replay, std::ostream& out) {
  const auto pgn = core::to_pgn_time_control(replay.control);
  out << "time control: " << core::to_fide_text(replay.control);
  if (pgn) out << " (PGN " << *pgn << ")";
  out << '\n';
  for (const ClockLogEntry& e : replay.clock.log()) print_text(e, replay.origin, out);
  if (replay.down.empty()) {
    out << "no time exceeded\n";
    return;
  }
  // A flag still to be noticed at the end (the running side's, after the last event).
  const auto& last = replay.down.back();
  bool logged = false;
  for (const ClockLogEntry& e : replay.clock.log())
    logged = logged || (e.event == ClockEvent::Flag && e.side == last.side && e.time == last.time);
  if (!logged)
    out << "flag: " << side_word(last.side) << "'s flag fell at "
        << core::format_hms_ms(last.time - replay.origin) << " "
        << after_moves(last.moves_completed) << " (Art. 6.9)\n";
  out << "first flag: " << side_word(replay.down.front().side) << '\n';
}

}  // namespace

int run_clock(const ClockOptions& options, std::ostream& out, std::ostream& err) {
  auto control = core::read_time_control(options.control);
  if (!control) {
    err << "annabella clock: " << text::time_control_error(control.error()) << '\n';
    return 2;
  }
  auto timeline = read_timeline(options.events);
  if (!timeline) {
    err << "annabella clock: " << timeline.error().message << '\n';
    return 2;
  }
  const ClockInstant origin{};
  core::ChessClock clock(*control);
  if (auto ok = clock.start(origin, core::WHITE); !ok) {
    err << "annabella clock: " << text::clock_error(ok.error()) << '\n';
    return 2;
  }
  if (auto ok = replay(clock, *timeline, origin, options.events); !ok) {
    err << "annabella clock: " << ok.error().message << '\n';
    return 2;
  }
  // Flags that fell after the last press but by the last event's time are in the log already;
  // the running side's flag is looked at once more at the last event's time.
  const ClockInstant end = origin + (timeline->empty() ? ClockDuration{} : timeline->back().at);
  const ClockReplay result{*control, clock, origin, clock.flags(end)};
  if (options.json)
    print_json(result, out);
  else
    print_text_report(result, out);
  return 0;
}

}  // namespace annabella::app
