#include "speech/voice_listener.h"

#include <vector>

namespace annabella::speech {

Result<PronunciationDictionary> pronunciations_for(const Vocabulary& v,
                                                   const Phonemizer& phonemizer) {
  // The grammar of any position names every file, rank, piece and move word (its illegal moves
  // use them all) and the commands: the start position's grammar has every token.
  const core::Position start;  // the standard starting position
  auto grammar = VoiceGrammar::build(v, start, CommandWords::for_profile(v));
  if (!grammar) return fail(grammar.error());
  const std::string own = v.voice().empty() ? "de" : v.voice();
  const std::string other = own.substr(0, 2) == "en" ? "de" : "en";
  PronunciationDictionary dictionary;
  // What the arbiter can act on: the profile and its word (another spelling in speech.words,
  // or another profile).
  if (auto ok = dictionary.add(grammar->spoken(), {own, other}, phonemizer); !ok)
    return fail("vocabulary profile " + v.name() + ": " + ok.error().message +
                "; give the word another spelling (speech.words) or choose another profile");
  return dictionary;
}

VoiceListener::VoiceListener(std::unique_ptr<AudioSource> source,
                             std::unique_ptr<Recognizer> recognizer,
                             PronunciationDictionary dictionary, Vocabulary vocabulary,
                             ListenerSettings settings, OnHeard on_heard)
    : source_(std::move(source)),
      recognizer_(std::move(recognizer)),
      dictionary_(std::move(dictionary)),
      vocabulary_(std::move(vocabulary)),
      commands_(CommandWords::for_profile(vocabulary_)),
      settings_(settings),
      on_heard_(std::move(on_heard)),
      activity_(settings.vad) {}

Result<std::unique_ptr<VoiceListener>> VoiceListener::start(
    std::unique_ptr<AudioSource> source, std::unique_ptr<Recognizer> recognizer,
    PronunciationDictionary dictionary, Vocabulary vocabulary, const core::Position& position,
    ListenerSettings settings, OnHeard on_heard) {
  if (source->sample_rate_hz() != kRecognizerSampleRateHz)
    return fail("the input device \"" + source->name() + "\" delivers " +
                std::to_string(source->sample_rate_hz()) + " Hz; the recogniser needs " +
                std::to_string(kRecognizerSampleRateHz) + " Hz");
  settings.vad.sample_rate_hz = kRecognizerSampleRateHz;
  std::unique_ptr<VoiceListener> listener(
      new VoiceListener(std::move(source), std::move(recognizer), std::move(dictionary),
                        std::move(vocabulary), settings, std::move(on_heard)));
  auto grammar = VoiceGrammar::build(listener->vocabulary_, position, listener->commands_);
  if (!grammar) return fail(grammar.error());
  if (auto ok = listener->apply_grammar(std::move(*grammar)); !ok) return fail(ok.error());
  listener->decoder_ = std::thread([l = listener.get()] { l->decode_loop(); });
  listener->capture_ = std::thread([l = listener.get()] { l->capture_loop(); });
  return listener;
}

VoiceListener::~VoiceListener() {
  stop();
}

void VoiceListener::stop() {
  stopping_ = true;
  wake_.notify_all();
  if (capture_.joinable()) capture_.join();
  if (decoder_.joinable()) decoder_.join();
}

Status VoiceListener::apply_grammar(VoiceGrammar grammar) {
  if (auto ok = recognizer_->set_grammar(grammar, dictionary_); !ok) return ok;
  grammar_ = std::move(grammar);
  return {};
}

Status VoiceListener::set_position(const core::Position& position) {
  // The grammar is built here, once, on the caller's thread, to report errors at once; the
  // recogniser takes it on the decoding thread before the next utterance.
  auto grammar = VoiceGrammar::build(vocabulary_, position, commands_);
  if (!grammar) return fail(grammar.error());
  {
    std::lock_guard guard(lock_);
    pending_grammar_ = std::move(*grammar);
  }
  wake_.notify_all();
  return {};
}

ListenerSettings::Clock::time_point VoiceListener::time_of(std::int64_t sample) const {
  // The last block read ended at samples_read_, captured at last_read_ (its read's return less
  // the device's input latency).
  const auto before =
      std::chrono::microseconds((samples_read_ - sample) * 1'000'000 / kRecognizerSampleRateHz);
  return last_read_ - std::chrono::duration_cast<ListenerSettings::Clock::duration>(before);
}

void VoiceListener::queue_pieces(std::vector<Utterance>& done) {
  auto rest_of = [&](const Utterance& u) {
    if (u.first_sample != streamed_first_) {  // none of it handed over yet
      streamed_first_ = u.first_sample;
      streamed_ = 0;
    }
    std::vector<std::int16_t> rest(u.samples.begin() + std::ptrdiff_t(streamed_), u.samples.end());
    streamed_ = u.samples.size();
    return rest;
  };
  for (auto& u : done) {
    pieces_.push_back({rest_of(u), Ended{u.first_sample, time_of(u.speech_start_sample),
                                         time_of(u.speech_end_sample)}});
    streamed_first_ = -1;
    streamed_ = 0;
  }
  done.clear();
  if (const Utterance* open = activity_.open_utterance();
      open && (open->first_sample != streamed_first_ || open->samples.size() > streamed_))
    pieces_.push_back({rest_of(*open), std::nullopt});
}

void VoiceListener::press() {
  std::vector<Utterance> done;
  {
    std::lock_guard guard(lock_);
    activity_.press(done);
    queue_pieces(done);
  }
  wake_.notify_all();
}

void VoiceListener::release() {
  std::vector<Utterance> done;
  {
    std::lock_guard guard(lock_);
    activity_.release(done);
    queue_pieces(done);
  }
  wake_.notify_all();
}

std::optional<std::string> VoiceListener::capture_error() const {
  std::lock_guard guard(lock_);
  return capture_error_;
}

void VoiceListener::capture_loop() {
  std::vector<std::int16_t> block(std::size_t(settings_.read_ms * kRecognizerSampleRateHz / 1000));
  std::vector<Utterance> done;
  while (!stopping_) {
    if (auto ok = source_->read(block); !ok) {
      std::lock_guard guard(lock_);
      capture_error_ = ok.error().message;
      break;
    }
    const auto read_at = settings_.clock ? settings_.clock() : ListenerSettings::Clock::now();
    std::lock_guard guard(lock_);
    samples_read_ += std::int64_t(block.size());
    // The block's last sample was captured the device's input latency before the read returned.
    last_read_ = read_at - std::chrono::duration_cast<ListenerSettings::Clock::duration>(
                               source_->input_latency());
    const std::size_t queued = pieces_.size();
    const auto block_began =
        last_read_ -
        std::chrono::microseconds(std::int64_t(block.size()) * 1'000'000 / kRecognizerSampleRateHz);
    if (settings_.own_speech && settings_.own_speech->audible(block_began, last_read_)) {
      // Half-duplex: the station's own speech (its read-back on the public route) is never
      // heard as an announcement or a confirmation (D.2.1).
      ++own_blocks_;
      if (activity_.skip(block.size(), done) && streamed_first_ >= 0) {
        Ended cut;
        cut.dropped = true;
        pieces_.push_back({{}, cut});
        streamed_first_ = -1;
        streamed_ = 0;
      }
    } else {
      activity_.push(block, done);
    }
    queue_pieces(done);
    if (pieces_.size() != queued) wake_.notify_all();
  }
}

void VoiceListener::decode_loop() {
  bool open = false;  // an utterance begun in the recogniser and not finished yet
  Status fed;         // whether its pieces were all taken
  while (true) {
    std::optional<VoiceGrammar> grammar;
    std::optional<Piece> piece;
    {
      std::unique_lock guard(lock_);
      // A new grammar only between utterances: one is decoded in the grammar it began in.
      wake_.wait(guard,
                 [&] { return stopping_ || (pending_grammar_ && !open) || !pieces_.empty(); });
      if (stopping_) return;
      if (!open) std::swap(grammar, pending_grammar_);
      if (!grammar) {
        piece = std::move(pieces_.front());
        pieces_.pop_front();
      }
    }
    if (grammar) {
      // Built and checked by set_position already; should the recogniser refuse it, the
      // previous grammar stays and the station hears why.
      if (auto ok = apply_grammar(std::move(*grammar)); !ok) {
        Heard refused;
        refused.why = "the grammar of the new position was refused: " + ok.error().message;
        on_heard_(refused);
      }
      continue;
    }
    if (!open && piece->end && piece->end->dropped) continue;  // nothing of it was fed
    if (!open) {
      fed = recognizer_->begin_utterance();
      open = true;
    }
    if (fed) fed = recognizer_->feed(piece->samples);
    if (!piece->end) continue;
    open = false;
    const Ended& ended = *piece->end;
    if (ended.dropped) continue;  // the next begin_utterance drops what was fed
    finish(ended, fed);
  }
}

void VoiceListener::finish(const Ended& ended, const Status& fed) {
  auto decoding = fed ? recognizer_->finish_utterance() : Result<Decoding>(fail(fed.error()));
  Heard heard;
  if (decoding) {
    heard = judge(*decoding, *grammar_, settings_.judge,
                  std::chrono::milliseconds(ended.first_sample * 1000 / kRecognizerSampleRateHz));
  } else {
    heard.why = "the recogniser failed: " + decoding.error().message;
  }
  // The event's time is the speech's, not the decoding's (which comes later).
  heard.speech_began = ended.began;
  heard.speech_ended = ended.ended;
  ++decoded_;
  on_heard_(heard);
}

}  // namespace annabella::speech
