#include "app/braille_station.h"

namespace annabella::app {

namespace {
// The moves line holds the last few announcements: enough to catch up, short enough to pan.
constexpr std::size_t kMovesShown = 6;
}  // namespace

tactile::ClockLineWords clock_line_words(const speech::Language& language) {
  const auto word = [&](std::string_view key) { return language.word(key).display; };
  return {.white = word("clock.white"),
          .black = word("clock.black"),
          .move = word("clock.move"),
          .flag = word("clock.flag"),
          .paused = word("clock.paused"),
          .paused_letter = word("clock.paused_letter")};
}

BrailleStation::BrailleStation(std::shared_ptr<tactile::BrailleDisplay> display, core::Color vi,
                               EventQueue<StationEvent>& queue,
                               tactile::BrailleTranslator translator,
                               tactile::ClockLineWords clock_words)
    : view_(std::make_shared<tactile::BrailleView>(display, vi, std::move(translator),
                                                   std::move(clock_words))),
      queue_(queue) {
  reader_ = std::make_unique<tactile::BrailleKeyReader>(
      std::move(display), [this](const tactile::BrailleKey& key) { on_key(key); },
      [this](const std::string& reason) {
        queue_.push(StationEvent::notice(SteadyClock::now(),
                                         reason + "; the braille keys are not read any more"));
      });
}

BrailleStation::~BrailleStation() {
  stop();
}

void BrailleStation::stop() {
  if (reader_) reader_->stop();
}

std::unique_ptr<tactile::ClockDisplay> BrailleStation::clock_feed() {
  return tactile::BrailleView::clock_feed(view_);
}

void BrailleStation::menu_line(const speech::MenuLine& line, std::string_view text, bool open) {
  menu_open_ = open;
  if (line.kind == speech::MenuLine::Kind::Closed) {
    view_->show(tactile::BrailleLine::Clock);
    return;
  }
  view_->show_text(tactile::BrailleLine::Menu, std::string(text));
}

void BrailleStation::said(const speech::Phrase& phrase, speech::Route route) {
  if (phrase.kind == speech::PhraseKind::Move && route == speech::Route::Public) {
    moves_.push_back(phrase.text);
    while (moves_.size() > kMovesShown) moves_.pop_front();
    std::string line;
    for (const auto& move : moves_) line += (line.empty() ? "" : " / ") + move;
    view_->set_text(tactile::BrailleLine::Moves, line);
    // A move made switches the clocks (D.2.4): the clock line comes back, unless the player is
    // in his menu.
    if (!menu_open_) view_->show(tactile::BrailleLine::Clock);
    return;
  }
  if (route != speech::Route::Private || phrase.kind == speech::PhraseKind::Move) return;
  // D.2.11: kept in the display's short history too (PRDIFLN steps back to it); the menu's own
  // lines (shown on the menu line, menu_line) are not, so that moving through the menu does not
  // push out what he was told.
  if (phrase.topic == "menu")
    view_->show_text(tactile::BrailleLine::Reading, phrase.text);
  else
    view_->add_private(phrase.text);
}

void BrailleStation::change_view(BrailleViewChange change) {
  switch (change) {
    case BrailleViewChange::None:
      break;
    case BrailleViewChange::PanLeft:
      (void)view_->pan_left();
      break;
    case BrailleViewChange::PanRight:
      (void)view_->pan_right();
      break;
    case BrailleViewChange::Clock:
      view_->show(tactile::BrailleLine::Clock);
      break;
    case BrailleViewChange::Moves:
      view_->show(tactile::BrailleLine::Moves);
      break;
    case BrailleViewChange::HistoryBack:
      (void)view_->history_back();
      break;
    case BrailleViewChange::HistoryForward:
      (void)view_->history_forward();
      break;
  }
}

void BrailleStation::on_key(const tactile::BrailleKey& key) {
  BrailleKeyAction action = map_.press(key, menu_open_);
  change_view(action.view);
  if (!action.typing.empty()) view_->show_text(tactile::BrailleLine::Reading, action.typing);
  if (action.command) {
    queue_.push(
        StationEvent::request(key.time, std::move(*action.command), InputSource::BrailleKeys));
    return;
  }
  if (action.menu) {  // D.2.11: the player's own menu, from his display's keys
    queue_.push(StationEvent::menu_key(key.time, *action.menu, InputSource::BrailleKeys));
    return;
  }
  // Keys that did something visible only on the display are not logged one by one.
  if (action.view == BrailleViewChange::None && action.typing.empty())
    queue_.push(StationEvent::notice(key.time, action.note));
}

}  // namespace annabella::app
