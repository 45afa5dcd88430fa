#include "core/clock_timeline.h"

#include <cctype>
#include <optional>
#include <string>

namespace annabella::core {
namespace {

// "12", "12.25": seconds since the start, exact to the nanosecond.
std::optional<ClockDuration> read_seconds(std::string_view text) {
  if (text.empty()) return std::nullopt;
  long long whole = 0, frac = 0, scale = 100'000'000;
  std::size_t i = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
    whole = whole * 10 + (text[i] - '0');
    if (whole > 10'000'000) return std::nullopt;  // over 115 days
  }
  if (i == 0) return std::nullopt;
  if (i < text.size()) {
    if (text[i] != '.' || i + 1 == text.size()) return std::nullopt;
    for (++i; i < text.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i])) || scale == 0) return std::nullopt;
      frac += (text[i] - '0') * scale;
      scale /= 10;
    }
  }
  return std::chrono::seconds(whole) + std::chrono::nanoseconds(frac);
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// The blank-separated words of a line.
std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

}  // namespace

ClockTimeline parse_clock_timeline(std::string_view text) {
  return parse_clock_timeline(TimelineText{.text = text, .source = "events"});
}

ClockTimeline parse_clock_timeline(const TimelineText& timeline) {
  const std::string_view text = timeline.text;
  std::vector<ClockTimelineEvent> events;
  int number = 0;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(from, end - from);
    from = end + 1;
    ++number;
    const auto wrong = [&, number](ClockTimelineError::Kind kind, std::string_view word) {
      return fail_with(
          ClockTimelineError{kind, std::string(timeline.source), number, std::string(word)});
    };
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    const auto words = words_of(line);
    if (words.empty()) continue;  // blank or comment
    if (words.size() != 2) return wrong(ClockTimelineError::Kind::NotTwoWords, line);
    const auto at = read_seconds(words[0]);
    if (!at) return wrong(ClockTimelineError::Kind::NotSeconds, words[0]);
    std::string what(words[1]);
    for (char& c : what) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ClockTimelineEvent event;
    event.at = *at;
    event.line = number;
    if (what == "white" || what == "w") {
      event.side = WHITE;
    } else if (what == "black" || what == "b") {
      event.side = BLACK;
    } else if (what == "pause") {
      event.kind = ClockTimelineEvent::Kind::Pause;
    } else if (what == "resume") {
      event.kind = ClockTimelineEvent::Kind::Resume;
    } else {
      return wrong(ClockTimelineError::Kind::NotAnEvent, words[1]);
    }
    if (!events.empty() && event.at < events.back().at)
      return wrong(ClockTimelineError::Kind::Earlier, words[0]);
    events.push_back(event);
  }
  return events;
}

}  // namespace annabella::core
