// Stand-ins for the speech tests, said here as the rules require: a synthesizer that turns
// "tone V N" into N samples of value V (so every phrase's samples can be told apart at the
// sink), and a sink that keeps what it is given and can be held closed, to put phrases in line
// behind one that is playing.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "speech/audio.h"
#include "speech/phrases.h"

namespace annabella::speech {

// What reached one device, and a gate that holds writes back.
struct DeviceLog {
  std::mutex mutex;
  std::condition_variable changed;
  Samples samples;
  bool open = true;
  int writes_waiting = 0;

  void hold() {
    std::lock_guard lock(mutex);
    open = false;
  }
  void release() {
    {
      std::lock_guard lock(mutex);
      open = true;
    }
    changed.notify_all();
  }
  void wait_for_a_held_write() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return writes_waiting > 0; });
  }
  // Runs of equal values: {value, count} in order.
  std::vector<std::pair<int, int>> runs() {
    std::lock_guard lock(mutex);
    std::vector<std::pair<int, int>> out;
    for (std::int16_t s : samples) {
      if (out.empty() || out.back().first != s)
        out.emplace_back(s, 1);
      else
        ++out.back().second;
    }
    return out;
  }
};

class ToneSynthesizer final : public Synthesizer {
 public:
  explicit ToneSynthesizer(std::shared_ptr<DeviceLog> gate) : gate_(std::move(gate)) {}
  int sample_rate_hz() const override { return 22050; }
  Status synthesize(std::string_view spoken, const Voice&,
                    const std::function<bool(std::span<const std::int16_t>)>& chunk) override {
    std::istringstream in{std::string(spoken)};
    std::string word;
    int value = 0, count = 0;
    in >> word >> value >> count;
    const Samples samples(std::size_t(count), static_cast<std::int16_t>(value));
    {
      std::unique_lock lock(gate_->mutex);  // held closed: phrases wait in the request queue
      ++gate_->writes_waiting;
      gate_->changed.notify_all();
      gate_->changed.wait(lock, [&] { return gate_->open; });
      --gate_->writes_waiting;
    }
    chunk(samples);
    return {};
  }

 private:
  std::shared_ptr<DeviceLog> gate_;
};

class LogSink final : public AudioSink {
 public:
  explicit LogSink(std::shared_ptr<DeviceLog> log) : log_(std::move(log)) {}
  const std::string& name() const override { return name_; }
  Status write(std::span<const std::int16_t> samples) override {
    std::unique_lock lock(log_->mutex);
    ++log_->writes_waiting;
    log_->changed.notify_all();
    log_->changed.wait(lock, [&] { return log_->open; });
    --log_->writes_waiting;
    log_->samples.insert(log_->samples.end(), samples.begin(), samples.end());
    return {};
  }

 private:
  std::shared_ptr<DeviceLog> log_;
  std::string name_ = "log";
};

inline Phrase tone(PhraseKind kind, int value, int count, std::string topic = {}) {
  const std::string text = "tone " + std::to_string(value) + " " + std::to_string(count);
  return {kind, text, text, std::move(topic), {}};
}

}  // namespace annabella::speech
