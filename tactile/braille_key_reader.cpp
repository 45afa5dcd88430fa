#include "tactile/braille_key_reader.h"

#include <chrono>

namespace annabella::tactile {

BrailleKeyReader::BrailleKeyReader(std::shared_ptr<BrailleDisplay> display, Sink sink,
                                   LostSink lost)
    : display_(std::move(display)),
      sink_(std::move(sink)),
      lost_(std::move(lost)),
      thread_([this] { run(); }) {}

BrailleKeyReader::~BrailleKeyReader() {
  stop();
}

void BrailleKeyReader::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void BrailleKeyReader::run() {
  // BrlAPI has no way to interrupt a waiting read: wait in short steps and look at the flag.
  constexpr std::chrono::milliseconds kPoll{100};
  while (!stopping_) {
    auto key = display_->read_key(kPoll);
    if (!key) {
      if (!stopping_ && lost_) lost_(key.error().message);
      return;
    }
    if (*key && !stopping_) sink_(**key);
  }
}

}  // namespace annabella::tactile
