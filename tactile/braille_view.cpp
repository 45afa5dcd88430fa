#include "tactile/braille_view.h"

#include <algorithm>

namespace annabella::tactile {

namespace {

class ClockFeed final : public ClockDisplay {
 public:
  explicit ClockFeed(std::shared_ptr<BrailleView> view) : view_(std::move(view)) {}
  void show(const core::ClockReading& reading, ClockShowReason why) override {
    view_->show_clock(reading, why);
  }
  std::optional<core::ClockInstant> next_update(const core::ClockReading& reading) override {
    return next_second(reading);
  }

 private:
  std::shared_ptr<BrailleView> view_;
};

std::size_t index_of(BrailleLine line) {
  return static_cast<std::size_t>(line);
}

}  // namespace

std::string_view braille_line_name(BrailleLine line) {
  switch (line) {
    case BrailleLine::Clock:
      return "clock";
    case BrailleLine::Menu:
      return "menu";
    case BrailleLine::Moves:
      return "moves";
    case BrailleLine::Reading:
      return "reading";
  }
  return "?";
}

BrailleView::BrailleView(std::shared_ptr<BrailleDisplay> display, core::Color own_side,
                         BrailleTranslator translator, ClockLineWords clock_words)
    : display_(std::move(display)),
      own_side_(own_side),
      translator_(std::move(translator)),
      clock_words_(std::move(clock_words)) {}

bool BrailleView::translated(BrailleLine line, std::string_view text) const {
  if (!translator_) return false;
  if (line != BrailleLine::Clock) return true;
  return std::any_of(text.begin(), text.end(),
                     [](char c) { return (static_cast<unsigned char>(c) & 0x80U) != 0; });
}

std::vector<unsigned char> BrailleView::cells_of(std::string_view text) const {
  if (!translated(shown_, text)) return {};
  return translator_(text);
}

std::size_t BrailleView::width_of(std::string_view text) const {
  if (!translated(shown_, text)) return text.size();
  return translator_(text).size();
}

std::unique_ptr<ClockDisplay> BrailleView::clock_feed(std::shared_ptr<BrailleView> view) {
  return std::make_unique<ClockFeed>(std::move(view));
}

const std::string& BrailleView::text_of(BrailleLine line) const {
  return texts_[index_of(line)];
}

BrailleView::Part BrailleView::part_at(const std::string& text, std::size_t start) const {
  const auto width = static_cast<std::size_t>(std::max(display_->cells(), 1));
  if (start >= text.size()) return {0, text.size()};
  const std::string_view rest = std::string_view(text).substr(start);
  if (width_of(rest) <= width) return {rest.size(), text.size()};
  // Split after the last space that fits, so that no word is cut; a word longer than the
  // display is cut where the display ends. In the player's braille the cells decide what fits
  // (a capital or a number sign takes a cell of its own).
  std::size_t fits = 0;
  for (std::size_t space = rest.find(' '); space != std::string_view::npos;
       space = rest.find(' ', space + 1)) {
    if (width_of(rest.substr(0, space)) > width) break;
    fits = space;
  }
  if (fits > 0) return {fits, start + fits + 1};
  std::size_t cut = std::min(width, rest.size());
  while (cut > 1 && width_of(rest.substr(0, cut)) > width) --cut;
  return {cut, start + cut};
}

void BrailleView::write_locked() {
  const std::string& text = text_of(shown_);
  const Part part = part_at(text, starts_.back());
  std::string window = text.substr(std::min(starts_.back(), text.size()), part.length);
  if (window == written_) return;
  const std::vector<unsigned char> cells = cells_of(window);
  if (auto ok = cells.empty() ? display_->write_text(window) : display_->write_dots(window, cells);
      !ok) {
    last_error_ = ok.error().message;
    return;
  }
  written_ = std::move(window);
}

void BrailleView::set_text(BrailleLine line, std::string text) {
  const std::lock_guard lock(mutex_);
  texts_[index_of(line)] = std::move(text);
  if (line == shown_) {
    starts_.assign(1, 0);
    write_locked();
  }
}

void BrailleView::show(BrailleLine line) {
  const std::lock_guard lock(mutex_);
  history_at_ = history_.size();  // stepping through the history ends
  shown_ = line;
  starts_.assign(1, 0);
  write_locked();
}

void BrailleView::show_text(BrailleLine line, std::string text) {
  const std::lock_guard lock(mutex_);
  history_at_ = history_.size();
  texts_[index_of(line)] = std::move(text);
  shown_ = line;
  starts_.assign(1, 0);
  write_locked();
}

void BrailleView::add_private(std::string text) {
  const std::lock_guard lock(mutex_);
  history_.push_back(text);
  while (history_.size() > kPrivateHistory) history_.pop_front();
  history_at_ = history_.size();
  texts_[index_of(BrailleLine::Reading)] = std::move(text);
  shown_ = BrailleLine::Reading;
  starts_.assign(1, 0);
  write_locked();
}

void BrailleView::show_history_locked() {
  const std::string& line = history_[history_at_];
  texts_[index_of(BrailleLine::Reading)] =
      std::to_string(history_at_ + 1) + "/" + std::to_string(history_.size()) + " " + line;
  shown_ = BrailleLine::Reading;
  starts_.assign(1, 0);
  write_locked();
}

bool BrailleView::history_back() {
  const std::lock_guard lock(mutex_);
  if (history_at_ == 0 || history_.empty()) return false;
  --history_at_;
  show_history_locked();
  return true;
}

bool BrailleView::history_forward() {
  const std::lock_guard lock(mutex_);
  if (history_at_ >= history_.size()) return false;
  if (++history_at_ == history_.size()) {  // past the newest: the live clock line (D.2.6)
    shown_ = BrailleLine::Clock;
    starts_.assign(1, 0);
    write_locked();
    return true;
  }
  show_history_locked();
  return true;
}

bool BrailleView::pan_right() {
  const std::lock_guard lock(mutex_);
  const std::string& text = text_of(shown_);
  const Part part = part_at(text, starts_.back());
  if (part.next >= text.size()) return false;
  starts_.push_back(part.next);
  write_locked();
  return true;
}

bool BrailleView::pan_left() {
  const std::lock_guard lock(mutex_);
  if (starts_.size() <= 1) return false;
  starts_.pop_back();
  write_locked();
  return true;
}

BrailleLine BrailleView::shown() const {
  const std::lock_guard lock(mutex_);
  return shown_;
}

std::string BrailleView::window() const {
  const std::lock_guard lock(mutex_);
  return written_;
}

std::string BrailleView::last_error() const {
  const std::lock_guard lock(mutex_);
  return last_error_;
}

void BrailleView::show_clock(const core::ClockReading& reading, ClockShowReason why) {
  const std::lock_guard lock(mutex_);
  const int cells = display_->cells();
  texts_[index_of(BrailleLine::Clock)] = clock_line(
      reading, own_side_,
      [&](std::string_view text) {
        // Cells: the translator's, or one a character (UTF-8) in BRLTTY's text table.
        const std::size_t width =
            translated(BrailleLine::Clock, text)
                ? translator_(text).size()
                : static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
                    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
                  }));
        return width <= static_cast<std::size_t>(std::max(cells, 0));
      },
      cells, clock_words_);
  // D.2.6, D.2.10.4: the player asked for the time: the clock comes back whatever is shown.
  if (why == ClockShowReason::Query && shown_ != BrailleLine::Clock) {
    history_at_ = history_.size();
    shown_ = BrailleLine::Clock;
    starts_.assign(1, 0);
  }
  if (shown_ == BrailleLine::Clock) write_locked();
}

}  // namespace annabella::tactile
