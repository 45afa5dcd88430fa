#include "speech/voice_activity.h"

#include <algorithm>
#include <cmath>

namespace annabella::speech {

VoiceActivity::VoiceActivity(VadSettings settings)
    : s_(settings),
      frame_samples_(std::size_t(std::max(1, s_.sample_rate_hz * s_.frame_ms / 1000))),
      floor_(s_.min_level) {}

void VoiceActivity::push(std::span<const std::int16_t> samples, std::vector<Utterance>& done) {
  for (std::int16_t s : samples) {
    partial_.push_back(s);
    if (partial_.size() == frame_samples_) {
      frame(partial_, done);
      partial_.clear();
    }
  }
}

void VoiceActivity::press(std::vector<Utterance>& done) {
  if (in_speech_) finish(done);
  pressed_ = true;
  in_speech_ = true;
  current_ = {};
  current_.first_sample = position_;
  current_.speech_start_sample = position_;
}

void VoiceActivity::release(std::vector<Utterance>& done) {
  if (!pressed_) return;
  pressed_ = false;
  current_.samples.insert(current_.samples.end(), partial_.begin(), partial_.end());
  position_ += std::int64_t(partial_.size());
  partial_.clear();
  current_.speech_end_sample = position_;
  finish(done);
}

bool VoiceActivity::skip(std::size_t count, std::vector<Utterance>& done) {
  bool dropped = false;
  if (in_speech_ && !pressed_ && quiet_run_ > 0) {
    finish(done);  // its speech ended before the station's began
  } else if (in_speech_) {
    dropped = !current_.samples.empty();
    current_ = {};
  }
  position_ += std::int64_t(partial_.size() + count);
  partial_.clear();
  preroll_.clear();
  loud_run_ = quiet_run_ = 0;
  in_speech_ = pressed_;
  if (pressed_) current_.first_sample = current_.speech_start_sample = position_;
  return dropped;
}

void VoiceActivity::finish(std::vector<Utterance>& done) {
  if (!current_.samples.empty()) done.push_back(std::move(current_));
  current_ = {};
  in_speech_ = false;
  loud_run_ = quiet_run_ = 0;
  preroll_.clear();
}

void VoiceActivity::frame(std::span<const std::int16_t> frame, std::vector<Utterance>& done) {
  double power = 0;
  for (std::int16_t s : frame) power += double(s) * s;
  const double level = std::sqrt(power / double(frame.size()));
  const std::int64_t frame_start = position_;
  position_ += std::int64_t(frame.size());
  if (pressed_) {  // push-to-talk: the button decides
    current_.samples.insert(current_.samples.end(), frame.begin(), frame.end());
    return;
  }
  if (s_.push_to_talk) return;  // the button is not held: nothing is heard
  const bool loud = level > std::max(s_.min_level, floor_ * s_.start_ratio);
  const bool quiet = level < std::max(s_.min_level, floor_ * s_.stop_ratio);
  if (!in_speech_) {
    // The floor follows the room while nobody speaks: down at once, up slowly.
    floor_ = level < floor_ ? std::max(s_.min_level, level) : floor_ + 0.02 * (level - floor_);
    preroll_.insert(preroll_.end(), frame.begin(), frame.end());
    const auto keep = std::size_t(s_.preroll_ms * s_.sample_rate_hz / 1000) +
                      frame_samples_ * std::size_t(s_.start_frames);
    while (preroll_.size() > keep) preroll_.pop_front();
    loud_run_ = loud ? loud_run_ + 1 : 0;
    if (loud_run_ >= s_.start_frames) {
      in_speech_ = true;
      quiet_run_ = 0;
      current_ = {};
      current_.samples.assign(preroll_.begin(), preroll_.end());
      current_.first_sample = position_ - std::int64_t(preroll_.size());
      // The loud run that started it began `start_frames` frames ago.
      current_.speech_start_sample =
          position_ - std::int64_t(frame_samples_) * std::int64_t(s_.start_frames);
      current_.speech_end_sample = position_;
      preroll_.clear();
    }
    return;
  }
  current_.samples.insert(current_.samples.end(), frame.begin(), frame.end());
  if (!quiet) {
    quiet_run_ = 0;
    current_.speech_end_sample = frame_start + std::int64_t(frame.size());
  } else {
    ++quiet_run_;
  }
  const bool long_quiet = quiet_run_ * s_.frame_ms >= s_.hangover_ms;
  const bool too_long = std::int64_t(current_.samples.size()) >=
                        std::int64_t(s_.max_utterance_ms) * s_.sample_rate_hz / 1000;
  if (long_quiet || too_long) finish(done);
}

}  // namespace annabella::speech
