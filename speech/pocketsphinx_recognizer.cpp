// The pocketsphinx adapter: the only file that includes pocketsphinx and sphinxbase.
#include "speech/pocketsphinx_recognizer.h"

#include <pocketsphinx.h>
#include <sphinxbase/ckd_alloc.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/logmath.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>

namespace annabella::speech {
namespace {

constexpr const char* kGrammarSearch = "heard";
constexpr const char* kRunnerUpSearch = "runner_up";
// The runner-up decoded again with wider beams when its search lost every path to the end.
constexpr const char* kRunnerUpWideSearch = "runner_up_wide";
// A one-word grammar kept current while the others are replaced (pocketsphinx frees a replaced
// search even when it is the current one, and would then point at freed memory).
constexpr const char* kIdleSearch = "idle";

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

}  // namespace

struct PocketsphinxRecognizer::Impl {
  cmd_ln_t* config = nullptr;
  std::string model_dir;  // the model as shipped (its means come back when adaptation is undone)
  ps_decoder_t* ps = nullptr;
  bool has_grammar = false;
  std::optional<VoiceGrammar> grammar;
  std::string dictionary_file;

  Impl() = default;
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    if (ps) ps_free(ps);
    if (config) cmd_ln_free_r(config);
    if (!dictionary_file.empty()) ::unlink(dictionary_file.c_str());
  }

  Status add_word(const std::string& token, const std::vector<Phones>& variants) {
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

  // The idle grammar: once after the model is (re)loaded.
  Status prepare() {
    const std::string idle =
        "#JSGF V1.0;\ngrammar idle;\npublic <idle> = " + garbage_tokens().front() + ";\n";
    if (ps_set_jsgf_string(ps, kIdleSearch, idle.c_str()) < 0 || ps_set_search(ps, kIdleSearch) < 0)
      return fail("pocketsphinx refused its idle grammar");
    has_grammar = false;
    return {};
  }

  Status start(const char* search) {
    if (ps_set_search(ps, search) < 0) return fail(std::string("no search ") + search);
    if (ps_start_utt(ps) < 0) return fail("pocketsphinx could not start an utterance");
    return {};
  }

  Status process(std::span<const std::int16_t> samples) {
    // In blocks, as pocketsphinx_continuous feeds it.
    constexpr std::size_t kBlock = 2048;
    for (std::size_t at = 0; at < samples.size(); at += kBlock) {
      const auto block = samples.subspan(at, std::min(kBlock, samples.size() - at));
      if (ps_process_raw(ps, block.data(), block.size(), /*no_search=*/0, /*full_utt=*/0) < 0)
        return fail("pocketsphinx could not decode the utterance");
    }
    return {};
  }

  Status end() {
    if (ps_end_utt(ps) < 0) return fail("pocketsphinx could not decode the utterance");
    return {};
  }

  Status run(const char* search, std::span<const std::int16_t> samples) {
    if (auto ok = start(search); !ok) return ok;
    if (auto ok = process(samples); !ok) {
      (void)end();  // the utterance is abandoned either way
      return ok;
    }
    return end();
  }

  // The utterance being fed (streaming): its samples, kept for the runner-up decode.
  std::vector<std::int16_t> fed;
  bool in_utterance = false;

  // The runner-up search, built ahead (docs/voice.md, "Decoding while the speech comes in"):
  // the reading it leaves out, while the grammar stays. Building a search is most of what was
  // left after the end of the speech besides the runner-up decode itself (about a fifth); it is
  // built while the utterance still comes in, once the first decode's partial reading has been
  // the same phrase at two checks in a row (a tenth of a second apart), and again only when
  // that reading changes. At the end it is used only for the very reading heard.
  bool ahead = true;      // PocketsphinxSettings::runner_up_ahead
  double retry_beam = 0;  // PocketsphinxSettings::adapted_retry_beam
  bool adapted = false;   // a speaker's voice is loaded
  std::optional<Reading> runner_up_for;
  std::optional<Reading> last_partial;
  int feeds = 0;

  static bool same(const Reading& a, const Reading& b) {
    return a.move == b.move && a.command == b.command && a.correction == b.correction;
  }

  // Builds the runner-up search for `reading` (the grammar's search is never the one replaced:
  // pocketsphinx frees a replaced search even when it is the current one).
  // The runner-up's search with the wider beams (PocketsphinxSettings::adapted_retry_beam):
  // pocketsphinx reads its beams from the configuration when a search is built, so they are set for
  // this one and put back.
  bool build_wide_runner_up(const Reading& reading) {
    if (ps_set_search(ps, kIdleSearch) < 0) return false;
    const double beam = cmd_ln_float_r(config, "-beam");
    const double word_beam = cmd_ln_float_r(config, "-wbeam");
    const double phone_beam = cmd_ln_float_r(config, "-pbeam");
    cmd_ln_set_float_r(config, "-beam", retry_beam);
    cmd_ln_set_float_r(config, "-wbeam", retry_beam * word_beam / beam);
    cmd_ln_set_float_r(config, "-pbeam", retry_beam * phone_beam / beam);
    const bool ok = set_graph(ps, kRunnerUpWideSearch, grammar->graph_without(reading));
    cmd_ln_set_float_r(config, "-beam", beam);
    cmd_ln_set_float_r(config, "-wbeam", word_beam);
    cmd_ln_set_float_r(config, "-pbeam", phone_beam);
    return ok;
  }

  bool build_runner_up(const Reading& reading) {
    runner_up_for.reset();
    if (!set_graph(ps, kRunnerUpSearch, grammar->graph_without(reading))) return false;
    runner_up_for = reading;
    return true;
  }

  // During the utterance, after each piece fed: every fifth (100 ms of 20 ms pieces).
  void prepare_runner_up() {
    if (!ahead || ++feeds % 5 != 0) return;
    int32 score = 0;
    const auto partial = grammar->read(without_edge_garbage(split_hyp(ps_get_hyp(ps, &score))));
    const bool stable = partial && last_partial && same(*partial, *last_partial);
    last_partial = partial;
    if (!stable || (runner_up_for && same(*runner_up_for, *partial))) return;
    (void)build_runner_up(*partial);  // failing here, it is built again at the end
  }

  Hypothesis best(int frames) const {
    int32 score = 0;
    Hypothesis h{split_hyp(ps_get_hyp(ps, &score)), 0};
    h.score_per_frame = logmath_log_to_ln(ps_get_logmath(ps), score) / std::max(1, frames);
    return h;
  }

  // The first and end frame of the words (fillers and silence left out) of the best path.
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
  if (!impl->ps)
    return fail("pocketsphinx could not load the acoustic model in " + s.model_dir +
                " (Debian package pocketsphinx-en-us)");
  if (auto ok = impl->prepare(); !ok) return fail(ok.error());
  return std::unique_ptr<PocketsphinxRecognizer>(new PocketsphinxRecognizer(std::move(impl)));
}

Status PocketsphinxRecognizer::set_grammar(const VoiceGrammar& grammar,
                                           const PronunciationDictionary& dictionary) {
  for (const auto& [token, spoken] : grammar.spoken())
    if (auto ok = impl_->add_word(token, dictionary.variants(token)); !ok) return ok;
  ps_decoder_t* ps = impl_->ps;
  if (impl_->in_utterance) (void)impl_->end();  // an utterance never finished: dropped
  impl_->in_utterance = false;
  impl_->has_grammar = false;
  if (ps_set_search(ps, kIdleSearch) < 0) return fail("pocketsphinx lost its idle grammar");
  if (!set_graph(ps, kGrammarSearch, grammar.graph()))
    return fail("pocketsphinx refused the grammar of the position");

  impl_->grammar = grammar;
  impl_->runner_up_for.reset();  // built for the grammar before
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
  impl_->fed.clear();
  impl_->last_partial.reset();
  impl_->feeds = 0;
  if (auto ok = impl_->start(kGrammarSearch); !ok) return ok;
  impl_->in_utterance = true;
  return {};
}

Status PocketsphinxRecognizer::feed(std::span<const std::int16_t> samples) {
  if (!impl_->in_utterance) return fail("no utterance begun before feeding");
  impl_->fed.insert(impl_->fed.end(), samples.begin(), samples.end());
  if (auto ok = impl_->process(samples); !ok) return ok;
  impl_->prepare_runner_up();
  return {};
}

Result<Decoding> PocketsphinxRecognizer::finish_utterance() {
  if (!impl_->in_utterance) return fail("no utterance begun before finishing");
  impl_->in_utterance = false;
  if (auto ok = impl_->end(); !ok) return fail(ok.error());
  const std::vector<std::int16_t> samples = std::move(impl_->fed);
  impl_->fed.clear();
  Decoding out;
  out.frames = ps_get_n_frames(impl_->ps);
  out.grammar = impl_->best(out.frames);
  impl_->word_frames(out);
  const auto reading = impl_->grammar->read(without_edge_garbage(out.grammar.tokens));
  if (!reading) return out;
  const bool built = impl_->runner_up_for && Impl::same(*impl_->runner_up_for, *reading);
  if (!built && !impl_->build_runner_up(*reading))
    return fail("pocketsphinx refused the runner-up grammar");
  if (auto ok = impl_->run(kRunnerUpSearch, samples); !ok) return fail(ok.error());
  out.runner_up = impl_->best(out.frames);
  if (out.runner_up.tokens.empty() && impl_->adapted && impl_->retry_beam > 0) {
    // The runner-up search lost every path to the end of its grammar (an adapted model's sharper
    // scores prune more): no margin would be known, and a right reading would be asked again.
    // Decoded again with wider beams, which can only find better runner-ups (smaller margins).
    if (!impl_->build_wide_runner_up(*reading))
      return fail("pocketsphinx refused the runner-up grammar");
    if (auto ok = impl_->run(kRunnerUpWideSearch, samples); !ok) return fail(ok.error());
    out.runner_up = impl_->best(out.frames);
  }
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
  const bool folder = !mllr_path.empty() && fs::is_directory(mllr_path, ec);
  const fs::path means = folder ? fs::path(mllr_path) / "means" : fs::path();
  if (mllr_path.empty() || folder) {
    // Back to the model as shipped, or to the speaker's adapted means (MAP) in its place: the
    // model is reloaded; the next set_grammar adds the words again.
    const std::string mean_file = !means.empty() && fs::exists(means, ec)
                                      ? means.string()
                                      : (fs::path(impl_->model_dir) / "means").string();
    // pocketsphinx ends the process on means it cannot read: they are checked first.
    if (!means.empty() && mean_file == means.string() &&
        !same_layout(means, fs::path(impl_->model_dir) / "means"))
      return fail("the speaker's means " + mean_file + " are not means of the model in " +
                  impl_->model_dir + " (annabella voice adapt makes them again)");
    cmd_ln_set_str_r(impl_->config, "-mean", mean_file.c_str());
    if (ps_reinit(impl_->ps, nullptr) < 0) return fail("pocketsphinx could not reload the model");
    impl_->runner_up_for.reset();
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
  ps_mllr_t* mllr = ps_mllr_read(transform.c_str());
  if (!mllr) return fail("cannot read the speaker transform " + transform);
  if (!ps_update_mllr(impl_->ps, mllr)) {
    ps_mllr_free(mllr);
    return fail("pocketsphinx could not apply the speaker transform " + transform);
  }
  impl_->adapted = true;
  // The decoder now owns the transform (acmod_update_mllr keeps the pointer without a reference
  // of its own, and frees it when the model is reloaded or freed): freeing it here as well
  // corrupted the heap at the next reload.
  return {};
}

}  // namespace annabella::speech
