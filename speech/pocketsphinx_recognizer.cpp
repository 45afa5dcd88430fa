// The pocketsphinx adapter: the only file that includes pocketsphinx and sphinxbase.
#include "speech/pocketsphinx_recognizer.h"

#include <pocketsphinx.h>
#include <sphinxbase/ckd_alloc.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/logmath.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

namespace annabella::speech {
namespace {

constexpr const char* kGrammarSearch = "heard";
constexpr const char* kRunnerUpSearch = "runner_up";
// A one-word grammar kept current while the others are replaced (pocketsphinx frees a replaced
// search even when it is the current one, and would then point at freed memory).
constexpr const char* kIdleSearch = "idle";
// The runner-up decoded again with wider beams when its search lost every path to the end.
constexpr const char* kRunnerUpWideSearch = "runner_up_wide";

// pocketsphinx's fillers and sentence marks carry no word.
bool is_filler(std::string_view word) {
  return word.empty() || word.front() == '<' || word.front() == '[' || word.front() == '+';
}

// "funf(2)" -> "funf": a pronunciation variant is the same word.
std::string base_word(std::string_view word) {
  return std::string(word.substr(0, word.find('(')));
}

std::vector<std::string> split_hyp(const char* hyp) {
  std::vector<std::string> out;
  if (!hyp) return out;
  std::string current;
  for (const char* c = hyp;; ++c) {
    if (*c == ' ' || *c == '\0') {
      if (!current.empty() && !is_filler(current)) out.push_back(base_word(current));
      current.clear();
      if (*c == '\0') break;
    } else {
      current += *c;
    }
  }
  return out;
}

std::string phone_string(const Phones& phones) {
  std::string out;
  for (const auto& p : phones) out += (out.empty() ? "" : " ") + p;
  return out;
}

// Makes `graph` the search `name` (pocketsphinx's FSG: its weights in the decoder's log base).
bool set_graph(ps_decoder_t* ps, const char* name, const WordGraph& graph) {
  logmath_t* lmath = ps_get_logmath(ps);
  fsg_model_t* fsg = fsg_model_init(name, lmath, 1.0F, graph.states);
  fsg->start_state = graph.start;
  fsg->final_state = graph.final;
  for (const auto& arc : graph.arcs) {
    const int32 logp = logmath_ln_to_log(lmath, arc.log_weight);
    if (arc.token.empty()) {
      fsg_model_null_trans_add(fsg, arc.from, arc.to, logp);
    } else {
      const int word = fsg_model_word_add(fsg, arc.token.c_str());
      fsg_model_trans_add(fsg, arc.from, arc.to, logp, word);
    }
  }
  glist_free(fsg_model_null_trans_closure(fsg, nullptr));
  const bool ok = ps_set_fsg(ps, name, fsg) >= 0;
  fsg_model_free(fsg);  // the search holds its own reference
  return ok;
}

// The idle grammar, made current once after a model is (re)loaded; a graph is only ever set
// while it is the current search.
bool set_idle(ps_decoder_t* ps) {
  const std::string idle =
      "#JSGF V1.0;\ngrammar idle;\npublic <idle> = " + garbage_tokens().front() + ";\n";
  return ps_set_jsgf_string(ps, kIdleSearch, idle.c_str()) >= 0 &&
         ps_set_search(ps, kIdleSearch) >= 0;
}

// Feeds samples in blocks of at most 2048, as pocketsphinx_continuous does. How an utterance is
// cut into calls changes a decode a little (docs/benchmarks.md, session 9), so the runner-up's
// decoder is given the very calls the first decoder was given, whenever the samples arrive.
constexpr std::size_t kBlock = 2048;

bool process_blocks(ps_decoder_t* ps, std::span<const std::int16_t> samples) {
  for (std::size_t at = 0; at < samples.size(); at += kBlock) {
    const auto block = samples.subspan(at, std::min(kBlock, samples.size() - at));
    if (ps_process_raw(ps, block.data(), block.size(), /*no_search=*/0, /*full_utt=*/0) < 0)
      return false;
  }
  return true;
}

Status add_word(ps_decoder_t* ps, const std::string& token, const std::vector<Phones>& variants) {
  if (char* known = ps_lookup_word(ps, token.c_str())) {
    ckd_free(known);
    return {};
  }
  if (variants.empty()) return fail("no pronunciation for the word \"" + token + "\"");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const std::string name = i == 0 ? token : token + "(" + std::to_string(i + 1) + ")";
    const std::string phones = phone_string(variants[i]);
    if (ps_add_word(ps, name.c_str(), phones.c_str(), 0) < 0)
      return fail("pocketsphinx refused the word \"" + name + "\" (" + phones + ")");
  }
  return {};
}

Status use_transform(ps_decoder_t* ps, const std::string& mllr_path) {
  ps_mllr_t* mllr = ps_mllr_read(mllr_path.c_str());
  if (!mllr) return fail("cannot read the speaker transform " + mllr_path);
  if (!ps_update_mllr(ps, mllr)) {
    ps_mllr_free(mllr);
    return fail("pocketsphinx could not apply the speaker transform " + mllr_path);
  }
  // The decoder now owns the transform (acmod_update_mllr keeps the pointer without a reference
  // of its own, and frees it when the model is reloaded or freed): freeing it here as well
  // corrupted the heap at the next reload.
  return {};
}

// A decoder's cepstral mean normalisation (sphinxbase's cmn_t: live decoding subtracts a mean
// carried from one utterance to the next and updated at each utterance's end).
struct CmnState {
  std::vector<mfcc_t> mean, sum;
  int32 frames = 0;
};

CmnState cmn_of(ps_decoder_t* ps) {
  const cmn_t* cmn = ps_get_feat(ps)->cmn_struct;
  if (!cmn) return {};
  const auto n = std::size_t(cmn->veclen);
  return {{cmn->cmn_mean, cmn->cmn_mean + n}, {cmn->sum, cmn->sum + n}, cmn->nframe};
}

void set_cmn(ps_decoder_t* ps, const CmnState& state) {
  cmn_t* cmn = ps_get_feat(ps)->cmn_struct;
  if (!cmn || state.mean.size() != std::size_t(cmn->veclen)) return;
  std::copy(state.mean.begin(), state.mean.end(), cmn->cmn_mean);
  std::copy(state.sum.begin(), state.sum.end(), cmn->sum);
  cmn->nframe = state.frames;
}

// A fixed snippet decoded (on the idle search) before every utterance: 100 ms of silence, then
// 300 ms of a fixed loud noise, so that the voice activity detection lets frames through and the
// feature window ends on the same frames whatever the decoder decoded before (start_utterance).
std::vector<std::int16_t> window_snippet() {
  std::vector<std::int16_t> out(1600, 0);
  std::uint32_t x = 12345;
  for (int i = 0; i < 4800; ++i) {
    x = x * 1664525U + 1013904223U;
    out.push_back(std::int16_t(int((x >> 16) % 8001U) - 4000));
  }
  return out;
}

// Starts an utterance of `ps` on `search` from the normalisation `cmn` and from nothing else the
// decoder decoded before (docs/voice.md, "Decoding while the speech comes in"). pocketsphinx
// 5prealpha carries two more things from one utterance to the next, and with them a decode
// depended on the utterances before it, in the runner-up's decoder even on timing (how far a
// search its thread dropped had got): the noise estimate of the noise and silence removal
// (-remove_noise, -remove_silence), begun afresh by ps_start_stream; and the window of the
// dynamic features, which an utterance whose first frames the silence removal drops starts over
// the last frames of the one before: here always those of the same snippet (window_snippet).
// docs/benchmarks.md, session 15.
bool start_utterance(ps_decoder_t* ps, const CmnState& cmn, const char* search) {
  set_cmn(ps, cmn);
  ps_start_stream(ps);
  if (ps_set_search(ps, kIdleSearch) < 0 || ps_start_utt(ps) < 0) return false;
  const bool fed = process_blocks(ps, window_snippet());
  if (ps_end_utt(ps) < 0 || !fed) return false;
  set_cmn(ps, cmn);
  ps_start_stream(ps);
  return ps_set_search(ps, search) >= 0 && ps_start_utt(ps) >= 0;
}

// The runner-up's words and its path score (natural log; per frame in the caller).
struct RunnerUpPath {
  std::vector<std::string> tokens;
  double score = 0;
};

// The runner-up's own decoder on a thread of its own (docs/voice.md, "Decoding while the speech
// comes in"). Given a reading while the utterance still comes in, it builds the search without
// that reading and decodes the samples so far, then each block as it arrives, on the second
// core; at the end of the speech only the last block and the search's end are left. It starts
// with the first decoder's normalisation of the utterance's start, so both decodes score the
// very same features. The thread touches the decoder only while it has a job; the owner's
// calls that change the decoder (words, transforms) take it through idle_decoder(), which drops
// the job and waits for the thread. Used from one thread (the recogniser's).
class RunnerUpDecoder {
 public:
  RunnerUpDecoder(ps_decoder_t* ps, std::chrono::milliseconds delay)
      : ps_(ps), delay_(delay), thread_([this] { run(); }) {}
  RunnerUpDecoder(const RunnerUpDecoder&) = delete;
  RunnerUpDecoder& operator=(const RunnerUpDecoder&) = delete;
  ~RunnerUpDecoder() {
    {
      std::lock_guard lock(m_);
      quit_ = true;
    }
    cv_.notify_all();
    thread_.join();
    ps_free(ps_);
  }

  // The decoder, with no job running.
  ps_decoder_t* idle_decoder() {
    std::unique_lock lock(m_);
    drop_job(lock);
    return ps_;
  }

  // A new utterance, whose decodes start from `cmn`.
  void begin(CmnState cmn) {
    std::unique_lock lock(m_);
    drop_job(lock);
    samples_.clear();
    piece_ends_.clear();
    ended_ = false;
    cmn_ = std::move(cmn);
  }

  // The next piece of the utterance, as the first decoder is given it.
  void append(std::span<const std::int16_t> samples) {
    {
      std::lock_guard lock(m_);
      samples_.insert(samples_.end(), samples.begin(), samples.end());
      piece_ends_.push_back(samples_.size());
    }
    cv_.notify_all();
  }

  // Decodes `graph`, the grammar without `reading`, from the utterance's first sample; a job
  // for another reading is dropped.
  void start(const Reading& reading, WordGraph graph) {
    {
      std::lock_guard lock(m_);
      ++job_;
      graph_ = std::move(graph);
      result_.reset();
      reading_ = reading;
    }
    cv_.notify_all();
  }

  // The reading of the job running or done (nothing after begin or idle_decoder).
  const std::optional<Reading>& reading() const { return reading_; }

  // The utterance has ended: the runner-up of the job started last, once decoded.
  Result<RunnerUpPath> finish() {
    std::unique_lock lock(m_);
    ended_ = true;
    cv_.notify_all();
    cv_.wait(lock, [&] { return result_.has_value(); });
    return std::move(*result_);
  }

  // After finish: `graph` decoded again over the whole utterance, on this thread, with the beam
  // `beam` (the word and phone beams scaled alike; PocketsphinxSettings::adapted_retry_beam),
  // from the same front-end state and with the same calls as every decode of the utterance.
  // pocketsphinx reads its beams from the configuration (shared by both decoders) when a search
  // is built, so they are set for this one and put back.
  Result<RunnerUpPath> decode_wide(cmd_ln_t* config, double beam, const WordGraph& graph) {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return !busy_; });
    const double beam_was = cmd_ln_float_r(config, "-beam");
    const double word_beam = cmd_ln_float_r(config, "-wbeam");
    const double phone_beam = cmd_ln_float_r(config, "-pbeam");
    bool ok = ps_set_search(ps_, kIdleSearch) >= 0;
    if (ok) {
      cmd_ln_set_float_r(config, "-beam", beam);
      cmd_ln_set_float_r(config, "-wbeam", beam * word_beam / beam_was);
      cmd_ln_set_float_r(config, "-pbeam", beam * phone_beam / beam_was);
      ok = set_graph(ps_, kRunnerUpWideSearch, graph);
      cmd_ln_set_float_r(config, "-beam", beam_was);
      cmd_ln_set_float_r(config, "-wbeam", word_beam);
      cmd_ln_set_float_r(config, "-pbeam", phone_beam);
    }
    if (!ok) return fail("pocketsphinx refused the runner-up grammar");
    if (!start_utterance(ps_, cmn_, kRunnerUpWideSearch))
      return fail("pocketsphinx could not start an utterance");
    for (std::size_t piece = 0; ok && piece < piece_ends_.size(); ++piece) {
      const std::size_t from = piece == 0 ? 0 : piece_ends_[piece - 1];
      ok = process_blocks(
          ps_, std::span<const std::int16_t>(samples_).subspan(from, piece_ends_[piece] - from));
    }
    ok = ps_end_utt(ps_) >= 0 && ok;
    if (!ok) return fail("pocketsphinx could not decode the utterance");
    return best_path();
  }

 private:
  // The best path of the utterance just ended, with its whole score.
  RunnerUpPath best_path() const {
    int32 score = 0;
    RunnerUpPath path;
    path.tokens = split_hyp(ps_get_hyp(ps_, &score));
    path.score = logmath_log_to_ln(ps_get_logmath(ps_), score);
    return path;
  }

  void drop_job(std::unique_lock<std::mutex>& lock) {
    ++job_;
    graph_.reset();
    result_.reset();
    reading_.reset();
    cv_.notify_all();
    cv_.wait(lock, [&] { return !busy_; });
  }

  void run() {
    std::unique_lock lock(m_);
    for (;;) {
      cv_.wait(lock, [&] { return quit_ || graph_.has_value(); });
      if (quit_) return;
      const std::uint64_t job = job_;
      const WordGraph graph = std::move(*graph_);
      graph_.reset();
      busy_ = true;
      lock.unlock();
      auto result = decode(job, graph, lock);
      if (job_ == job) result_ = std::move(result);
      busy_ = false;
      cv_.notify_all();
    }
  }

  // One job, entered and left with the lock released and held. It decodes the pieces of the
  // utterance as the first decoder was given them (the same ps_process_raw calls), from the same
  // front-end state: the first decoder's normalisation at the utterance's start and a noise
  // estimate begun afresh (ps_start_stream), whatever this decoder decoded before.
  Result<RunnerUpPath> decode(std::uint64_t job, const WordGraph& graph,
                              std::unique_lock<std::mutex>& lock) {
    // The graph is replaced only while the idle search is current (pocketsphinx frees a replaced
    // search even when it is the current one).
    // cmn_ changes only in begin(), which waits until this job is over.
    bool ok = ps_set_search(ps_, kIdleSearch) >= 0 && set_graph(ps_, kRunnerUpSearch, graph);
    const bool started = ok && start_utterance(ps_, cmn_, kRunnerUpSearch);
    lock.lock();
    if (!ok) return fail("pocketsphinx refused the runner-up grammar");
    if (!started) return fail("pocketsphinx could not start an utterance");
    std::size_t piece = 0;
    std::vector<std::int16_t> samples;
    while (ok && job_ == job && !quit_) {
      if (piece == piece_ends_.size()) {
        if (ended_) break;
        cv_.wait(lock);
        continue;
      }
      const std::size_t from = piece == 0 ? 0 : piece_ends_[piece - 1];
      samples.assign(samples_.begin() + std::ptrdiff_t(from),
                     samples_.begin() + std::ptrdiff_t(piece_ends_[piece]));
      ++piece;
      lock.unlock();
      if (delay_.count() > 0) std::this_thread::sleep_for(delay_);  // tests: a busy core
      ok = process_blocks(ps_, samples);
      lock.lock();
    }
    const bool complete = ok && job_ == job && !quit_;
    lock.unlock();
    ok = ps_end_utt(ps_) >= 0 && ok;
    const RunnerUpPath path = complete && ok ? best_path() : RunnerUpPath{};
    lock.lock();
    if (!ok) return fail("pocketsphinx could not decode the utterance");
    return path;
  }

  ps_decoder_t* ps_;
  const std::chrono::milliseconds delay_;  // PocketsphinxSettings::runner_up_delay
  std::mutex m_;
  std::condition_variable cv_;
  bool quit_ = false, busy_ = false, ended_ = false;
  std::uint64_t job_ = 0;
  std::optional<WordGraph> graph_;  // a job not yet taken by the thread
  CmnState cmn_;
  std::vector<std::int16_t> samples_;    // the utterance so far
  std::vector<std::size_t> piece_ends_;  // where each piece fed ends in it
  std::optional<Result<RunnerUpPath>> result_;
  std::optional<Reading> reading_;  // the owner's thread only
  std::thread thread_;              // last: started when the rest is ready
};

}  // namespace

struct PocketsphinxRecognizer::Impl {
  cmd_ln_t* config = nullptr;
  std::string model_dir;  // the model as shipped (its means come back when adaptation is undone)
  ps_decoder_t* ps = nullptr;
  std::unique_ptr<RunnerUpDecoder> runner_up;
  bool has_grammar = false;
  std::optional<VoiceGrammar> grammar;
  std::string dictionary_file;

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    runner_up.reset();  // its thread first
    if (ps) ps_free(ps);
    if (config) cmd_ln_free_r(config);
    if (!dictionary_file.empty()) ::unlink(dictionary_file.c_str());
  }

  // The idle grammars: once after the models are (re)loaded.
  Status prepare() {
    if (!set_idle(ps) || !set_idle(runner_up->idle_decoder()))
      return fail("pocketsphinx refused its idle grammar");
    has_grammar = false;
    return {};
  }

  // Starts the first decode of an utterance; the runner-up's decodes of it start from the same
  // state (start_utterance).
  Status start(const char* search) {
    const CmnState cmn = cmn_of(ps);
    runner_up->begin(cmn);
    held.clear();
    first_call_made = false;
    if (!start_utterance(ps, cmn, search)) return fail("pocketsphinx could not start an utterance");
    return {};
  }

  // The utterance's first samples, held until they make a whole block for its first
  // ps_process_raw call (start_utterance): 128 ms, caught up within the utterance.
  std::vector<std::int16_t> held;
  bool first_call_made = false;

  // Gives both decoders `samples` as the same calls (the runner-up's thread replays them).
  bool process(std::span<const std::int16_t> samples) {
    runner_up->append(samples);
    return process_blocks(ps, samples);
  }

  bool feed(std::span<const std::int16_t> samples) {
    if (first_call_made) return process(samples);
    held.insert(held.end(), samples.begin(), samples.end());
    if (held.size() < kBlock) return true;
    return flush();
  }

  // What is held, at the latest at the utterance's end.
  bool flush() {
    if (first_call_made || held.empty()) return true;
    first_call_made = true;
    return process(held);
  }

  Status end() {
    if (ps_end_utt(ps) < 0) return fail("pocketsphinx could not decode the utterance");
    return {};
  }

  bool in_utterance = false;

  // The runner-up started ahead (docs/voice.md, "Decoding while the speech comes in"): once the
  // first decode's partial reading has been the same phrase at two checks in a row (a tenth of a
  // second apart), the runner-up decoder starts on the grammar without it, on its own thread,
  // and again only when that reading changes. At the end its result is used only for the very
  // reading heard; for another, it starts again over the whole utterance.
  bool ahead = true;      // PocketsphinxSettings::runner_up_ahead
  double retry_beam = 0;  // PocketsphinxSettings::adapted_retry_beam
  bool adapted = false;   // a speaker's voice is loaded
  std::optional<Reading> last_partial;
  int feeds = 0;

  static bool same(const Reading& a, const Reading& b) {
    return a.move == b.move && a.command == b.command && a.correction == b.correction;
  }

  bool runner_up_is_for(const Reading& reading) const {
    const auto& current = runner_up->reading();
    return current && same(*current, reading);
  }

  // During the utterance, after each piece fed: every fifth (100 ms of 20 ms pieces).
  void prepare_runner_up() {
    if (!ahead || ++feeds % 5 != 0) return;
    int32 score = 0;
    const auto partial = grammar->read(without_edge_garbage(split_hyp(ps_get_hyp(ps, &score))));
    const bool stable = partial && last_partial && same(*partial, *last_partial);
    last_partial = partial;
    if (!stable || runner_up_is_for(*partial)) return;
    runner_up->start(*partial, grammar->graph_without(*partial));
  }

  Hypothesis best(int frames) const {
    int32 score = 0;
    Hypothesis h{split_hyp(ps_get_hyp(ps, &score)), 0};
    h.score_per_frame = logmath_log_to_ln(ps_get_logmath(ps), score) / std::max(1, frames);
    return h;
  }

  // The first and end frame of the words (fillers and silence left out) of the best path, and
  // the frames spent in fillers. pocketsphinx numbers frames from the decoder's start, not the
  // utterance's: the path ends on the utterance's last frame, which gives the offset.
  void word_frames(Decoding& out) const {
    int first = -1, end = 0, last = -1;
    for (ps_seg_t* seg = ps_seg_iter(ps); seg; seg = ps_seg_next(seg)) {
      const std::string_view word = ps_seg_word(seg);
      int sf = 0, ef = 0;
      ps_seg_frames(seg, &sf, &ef);
      last = std::max(last, ef);
      if (word.starts_with('[') || word.starts_with('+')) out.filler_frames += ef + 1 - sf;
      if (is_filler(word)) continue;
      if (first < 0) first = sf;
      end = ef + 1;
    }
    const int base = std::max(0, last + 1 - out.frames);
    out.first_frame = std::max(first - base, 0);
    out.end_frame = std::max(end - base, out.first_frame);
  }
};

PocketsphinxRecognizer::PocketsphinxRecognizer(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}
PocketsphinxRecognizer::~PocketsphinxRecognizer() = default;

Result<std::unique_ptr<PocketsphinxRecognizer>> PocketsphinxRecognizer::create(
    const PronunciationDictionary& dictionary, const PocketsphinxSettings& s) {
  auto impl = std::make_unique<Impl>();
  // pocketsphinx reads its dictionary from a file (words added one by one later through
  // ps_add_word decoded wrongly here): the dictionary goes through a temporary file.
  PronunciationDictionary words = dictionary;
  add_garbage_words(words);
  char path[] = "/tmp/annabella-dict-XXXXXX";
  const int fd = ::mkstemp(path);
  if (fd < 0) return fail("cannot write the pronunciation dictionary to /tmp");
  const std::string text = words.sphinx_text();
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  const std::string topn = std::to_string(s.top_gaussians);
  const std::string rate = std::to_string(kRecognizerSampleRateHz);
  std::vector<std::string> args = {
      "-hmm",  s.model_dir, "-beam",     s.beam, "-wbeam", s.word_beam, "-pbeam", s.phone_beam,
      "-topn", topn,        "-samprate", rate,   "-dict",  path,        "-logfn", "/dev/null"};
  for (const auto& [name, value] : s.options) {
    args.push_back(name);
    args.push_back(value);
  }
  std::vector<char*> argv = {const_cast<char*>("annabella")};
  for (auto& a : args) argv.push_back(a.data());
  impl->config = cmd_ln_parse_r(nullptr, ps_args(), int(argv.size()), argv.data(), TRUE);
  if (!impl->config || !written) {
    ::unlink(path);
    if (impl->config) cmd_ln_free_r(impl->config);
    impl->config = nullptr;
    return fail("pocketsphinx: bad settings");
  }
  impl->dictionary_file = path;  // kept while the decoder lives: reloading reads it again
  impl->ahead = s.runner_up_ahead;
  impl->retry_beam = s.adapted_retry_beam;
  impl->model_dir = s.model_dir;
  impl->ps = ps_init(impl->config);
  // The runner-up's decoder: a second copy of the model (it decodes on the second core).
  ps_decoder_t* second = impl->ps ? ps_init(impl->config) : nullptr;
  if (!impl->ps || !second)
    return fail("pocketsphinx could not load the acoustic model in " + s.model_dir +
                " (Debian package pocketsphinx-en-us)");
  impl->runner_up = std::make_unique<RunnerUpDecoder>(second, s.runner_up_delay);
  if (auto ok = impl->prepare(); !ok) return fail(ok.error());
  return std::unique_ptr<PocketsphinxRecognizer>(new PocketsphinxRecognizer(std::move(impl)));
}

Status PocketsphinxRecognizer::set_grammar(const VoiceGrammar& grammar,
                                           const PronunciationDictionary& dictionary) {
  ps_decoder_t* second = impl_->runner_up->idle_decoder();
  for (const auto& [token, spoken] : grammar.spoken()) {
    const auto variants = dictionary.variants(token);
    if (auto ok = add_word(impl_->ps, token, variants); !ok) return ok;
    if (auto ok = add_word(second, token, variants); !ok) return ok;
  }
  ps_decoder_t* ps = impl_->ps;
  if (impl_->in_utterance) (void)impl_->end();  // an utterance never finished: dropped
  impl_->in_utterance = false;
  impl_->has_grammar = false;
  if (ps_set_search(ps, kIdleSearch) < 0) return fail("pocketsphinx lost its idle grammar");
  if (!set_graph(ps, kGrammarSearch, grammar.graph()))
    return fail("pocketsphinx refused the grammar of the position");

  impl_->grammar = grammar;
  impl_->has_grammar = true;
  return {};
}

Result<Decoding> PocketsphinxRecognizer::decode(std::span<const std::int16_t> samples) {
  if (auto ok = begin_utterance(); !ok) return fail(ok.error());
  if (auto ok = feed(samples); !ok) return fail(ok.error());
  return finish_utterance();
}

Status PocketsphinxRecognizer::begin_utterance() {
  if (!impl_->has_grammar) return fail("no grammar set before decoding");
  if (impl_->in_utterance) (void)impl_->end();  // an utterance never finished: dropped
  impl_->last_partial.reset();
  impl_->feeds = 0;
  if (auto ok = impl_->start(kGrammarSearch); !ok) return ok;
  impl_->in_utterance = true;
  return {};
}

Status PocketsphinxRecognizer::feed(std::span<const std::int16_t> samples) {
  if (!impl_->in_utterance) return fail("no utterance begun before feeding");
  if (!impl_->feed(samples)) return fail("pocketsphinx could not decode the utterance");
  impl_->prepare_runner_up();
  return {};
}

Result<Decoding> PocketsphinxRecognizer::finish_utterance() {
  if (!impl_->in_utterance) return fail("no utterance begun before finishing");
  impl_->in_utterance = false;
  const bool fed = impl_->flush();
  if (auto ok = impl_->end(); !ok) return fail(ok.error());
  if (!fed) return fail("pocketsphinx could not decode the utterance");
  Decoding out;
  out.frames = ps_get_n_frames(impl_->ps);
  out.grammar = impl_->best(out.frames);
  impl_->word_frames(out);
  const auto reading = impl_->grammar->read(without_edge_garbage(out.grammar.tokens));
  if (!reading) return out;
  if (!impl_->runner_up_is_for(*reading))
    impl_->runner_up->start(*reading, impl_->grammar->graph_without(*reading));
  auto path = impl_->runner_up->finish();
  if (!path) return fail(path.error());
  if (path->tokens.empty() && impl_->adapted && impl_->retry_beam > 0) {
    // The runner-up search lost every path to the end of its grammar (an adapted model's sharper
    // scores prune more): no margin would be known, and a right reading would be asked again.
    // Decoded again with wider beams, which can only find better runner-ups (smaller margins).
    path = impl_->runner_up->decode_wide(impl_->config, impl_->retry_beam,
                                         impl_->grammar->graph_without(*reading));
    if (!path) return fail(path.error());
  }
  out.runner_up = {std::move(path->tokens), path->score / std::max(1, out.frames)};
  return out;
}

namespace {

// Whether `candidate` is a parameter file of the same layout as `model` (sphinxtrain's s3 format:
// a text header up to "endhdr", then the byte-order mark, the array's dimensions and its values):
// the same size and the same bytes up to the values.
bool same_layout(const std::filesystem::path& candidate, const std::filesystem::path& model) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(candidate, ec);
  if (ec || size != std::filesystem::file_size(model, ec) || ec) return false;
  auto head = [](const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::string text(4096, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(in.gcount()));
    const auto end = text.find("endhdr\n");
    // The mark, the numbers of codebooks, streams and densities, three vector lengths, the
    // count.
    return end == std::string::npos ? std::string()
                                    : text.substr(0, end + 7 + sizeof(std::uint32_t) * 8);
  };
  const std::string mine = head(candidate);
  return !mine.empty() && mine == head(model);
}

}  // namespace

Status PocketsphinxRecognizer::use_speaker_transform(const std::string& mllr_path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // Both decoders (the runner-up's too) hear with the same model: the configuration is theirs
  // alike, and each reloads from it.
  ps_decoder_t* second = impl_->runner_up->idle_decoder();
  const bool folder = !mllr_path.empty() && fs::is_directory(mllr_path, ec);
  const fs::path means = folder ? fs::path(mllr_path) / "means" : fs::path();
  if (mllr_path.empty() || folder) {
    // Back to the model as shipped, or to the speaker's adapted means (MAP) in its place: the
    // models are reloaded; the next set_grammar adds the words again.
    const std::string mean_file = !means.empty() && fs::exists(means, ec)
                                      ? means.string()
                                      : (fs::path(impl_->model_dir) / "means").string();
    // pocketsphinx ends the process on means it cannot read: they are checked first.
    if (!means.empty() && mean_file == means.string() &&
        !same_layout(means, fs::path(impl_->model_dir) / "means"))
      return fail("the speaker's means " + mean_file + " are not means of the model in " +
                  impl_->model_dir + " (annabella voice adapt makes them again)");
    cmd_ln_set_str_r(impl_->config, "-mean", mean_file.c_str());
    if (ps_reinit(impl_->ps, nullptr) < 0 || ps_reinit(second, nullptr) < 0)
      return fail("pocketsphinx could not reload the model");
    impl_->adapted = false;
    if (auto ok = impl_->prepare(); !ok) return ok;
    if (mllr_path.empty()) return {};
    impl_->adapted = !means.empty() && mean_file == means.string();
  }
  const std::string transform = folder ? (fs::path(mllr_path) / "mllr_matrix").string() : mllr_path;
  if (folder && !fs::exists(transform, ec)) {
    if (impl_->adapted) return {};
    return fail("no speaker model (means or mllr_matrix) in " + mllr_path);
  }
  if (auto ok = use_transform(impl_->ps, transform); !ok) return ok;
  if (auto ok = use_transform(second, transform); !ok) return ok;
  impl_->adapted = true;
  return {};
}

}  // namespace annabella::speech
