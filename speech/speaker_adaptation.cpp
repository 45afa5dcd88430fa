// Speaker adaptation with sphinxtrain's tools, run as processes (speaker_adaptation.h).
#include "speech/speaker_adaptation.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "core/movegen.h"
#include "core/position.h"
#include "speech/phrases.h"

extern char** environ;

namespace annabella::speech {
namespace fs = std::filesystem;
namespace {

// A closed Spanish game: captures, castling, a rook move that names its departure file.
constexpr std::array<const char*, 29> kOpening = {
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
    "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6a5", "b3c2", "c7c5",
    "d2d4", "d8c7", "b1d2", "c5d4", "c3d4", "c8d7", "d2f1", "f8e8", "f1g3"};
// Then, from a position with both castlings open: the long castling and a king's move.
constexpr const char* kMiddlegame =
    "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
constexpr std::array<const char*, 2> kMissingWords = {"e1c1", "e1d1"};

// The last non-empty line of a tool's log, for the error message.
std::string last_line(const fs::path& log) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last;
}

// Runs `args` (args[0] a path or a name on PATH) with its output and errors in `log`.
Status run_tool(const std::vector<std::string>& args, const fs::path& log,
                std::string_view package) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  const std::string tool = fs::path(args[0]).filename().string();
  if (spawned != 0)
    return fail("cannot start " + args[0] + " (Debian package " + std::string(package) +
                "): " + std::strerror(spawned));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return fail("lost the process of " + tool + ": " + std::strerror(errno));
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return {};
  const std::string how = WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status))
                                            : "signal " + std::to_string(WTERMSIG(status));
  return fail("speaker adaptation: " + tool + " failed (" + how + "): " + last_line(log) +
              " (log: " + log.string() + ")");
}

bool write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return bool(out.flush());
}

bool write_samples(const fs::path& path, const std::vector<std::int16_t>& samples) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(samples.data()),
            std::streamsize(samples.size() * sizeof(std::int16_t)));
  return bool(out.flush());
}

// A temporary work folder removed when it goes out of scope (unless given by the caller).
struct WorkDir {
  fs::path path;
  bool owned = false;
  WorkDir() = default;
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;
  ~WorkDir() {
    std::error_code ignored;
    if (owned) fs::remove_all(path, ignored);
  }
};

Status make_work_dir(WorkDir& dir, const fs::path& given) {
  std::error_code ec;
  if (!given.empty()) {
    dir.path = given;
    fs::create_directories(given, ec);
    if (ec) return fail("cannot create the folder " + given.string() + ": " + ec.message());
    return {};
  }
  std::string pattern = (fs::temp_directory_path(ec) / "annabella-adapt-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) return fail("cannot create a temporary folder for adaptation");
  dir.path = pattern;
  dir.owned = true;
  return {};
}

std::uint32_t read_u32(const std::string& data, std::size_t at) {
  std::uint32_t v = 0;
  std::memcpy(&v, data.data() + at, sizeof v);
  return v;  // little-endian, as Debian's model files are on every Debian architecture we build
}

// Reads the header of a sendump file (length-prefixed strings ended by a zero length) from `at`,
// leaving `at` after it: the number of feature streams ("feature_count N").
Result<int> sendump_features(const std::string& data, std::size_t& at) {
  int features = 0;
  for (;;) {
    if (at + 4 > data.size()) return fail("truncated header");
    const std::uint32_t n = read_u32(data, at);
    at += 4;
    if (n == 0) break;
    if (n > 999 || at + n > data.size()) return fail("not a sendump file");
    const std::string line(data.data() + at, n - 1);
    if (line.starts_with("feature_count ")) features = std::atoi(line.c_str() + 14);
    if (line.starts_with("cluster_count ") && std::atoi(line.c_str() + 14) != 0)
      return fail("clustered (4-bit) weights are not supported");
    at += n;
  }
  if (features <= 0) return fail("no feature count");
  return features;
}

// Writes the utterances (raw samples), their ids, their transcripts and the words they use (the
// first pronunciation of each) into `w`, as sphinx_fe and bw read them.
Status write_inputs(const std::vector<AdaptationSample>& samples,
                    const PronunciationDictionary& dictionary, const fs::path& w) {
  std::string fileids, transcription, dict;
  std::set<std::string> words;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const std::string id = "utt" + std::to_string(i + 1);
    if (!write_samples(w / (id + ".raw"), samples[i].samples))
      return fail("cannot write " + (w / (id + ".raw")).string());
    fileids += id + "\n";
    transcription += "<s>";
    for (const auto& t : samples[i].tokens) {
      if (!dictionary.contains(t) || dictionary.variants(t).empty())
        return fail("speaker adaptation: no pronunciation for the word \"" + t + "\"");
      transcription += " " + t;
      words.insert(t);
    }
    transcription += " </s> (" + id + ")\n";
  }
  for (const auto& t : words) {
    dict += t;
    for (const auto& p : dictionary.variants(t).front()) dict += " " + p;
    dict += "\n";
  }
  if (!write_text(w / "fileids", fileids) || !write_text(w / "transcription", transcription) ||
      !write_text(w / "dict", dict))
    return fail("cannot write the adaptation's files in " + w.string());
  return {};
}

}  // namespace

std::vector<AdaptationPrompt> adaptation_prompts(const Vocabulary& v) {
  std::vector<AdaptationPrompt> prompts;
  core::Position pos = *core::Position::from_fen(core::kStartFen);
  for (const char* uci : kOpening) {
    bool found = false;
    for (core::Move m : core::legal_moves(pos)) {
      if (core::to_uci(m) != uci) continue;
      const Phrase p = phrase_for_move(v, pos, m, {MoveForm::Short, false});
      prompts.push_back({p.text, p.spoken, voice_tokens(p.spoken)});
      pos.play(m);
      found = true;
      break;
    }
    if (!found) break;  // cannot happen: the opening is legal (tested)
  }
  // The words the game does not say: the king's piece word and the long castling (both castlings
  // of the game are short). Without them half of the wrong readings after adaptation were of
  // these words (docs/benchmarks.md, "Session 15: adaptation per voice").
  const auto middle = core::Position::from_fen(kMiddlegame);
  for (const char* uci : kMissingWords)
    for (core::Move m : core::legal_moves(*middle))
      if (core::to_uci(m) == uci) {
        const Phrase p = phrase_for_move(v, *middle, m, {MoveForm::Short, false});
        prompts.push_back({p.text, p.spoken, voice_tokens(p.spoken)});
      }
  return prompts;
}

Status write_mixture_weights(const fs::path& sendump, const fs::path& out) {
  std::ifstream in(sendump, std::ios::binary);
  if (!in) return fail("cannot read the model's mixture weights " + sendump.string());
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string data = buffer.str();
  std::size_t at = 0;
  auto features = sendump_features(data, at);
  if (!features) return fail(sendump.string() + ": " + features.error().message);
  if (at + 8 > data.size()) return fail(sendump.string() + ": no counts");
  const std::uint32_t densities = read_u32(data, at), senones = read_u32(data, at + 4);
  at += 8;
  const std::size_t total = std::size_t(*features) * densities * senones;
  if (data.size() - at != total)
    return fail(sendump.string() + ": " + std::to_string(data.size() - at) + " weights, " +
                std::to_string(total) + " expected");
  // q = -log_1.0001(w) >> 10; stored [feature][density][senone], written [senone][feature]
  // [density].
  const double step = 1024.0 * std::log(1.0001);
  std::vector<float> w(total);
  for (std::size_t f = 0; f < std::size_t(*features); ++f)
    for (std::size_t d = 0; d < densities; ++d)
      for (std::size_t s = 0; s < senones; ++s) {
        const auto q = static_cast<unsigned char>(data[at + (f * densities + d) * senones + s]);
        w[(s * std::size_t(*features) + f) * densities + d] = float(std::exp(-step * q));
      }
  for (std::size_t row = 0; row < total; row += densities) {
    double sum = 0;
    for (std::size_t d = 0; d < densities; ++d) sum += w[row + d];
    for (std::size_t d = 0; d < densities; ++d) w[row + d] = float(w[row + d] / sum);
  }
  std::ofstream o(out, std::ios::binary | std::ios::trunc);
  o << "s3\nversion 1.0\nendhdr\n";
  const std::array<std::uint32_t, 5> head = {0x11223344U, senones, std::uint32_t(*features),
                                             densities, std::uint32_t(total)};
  o.write(reinterpret_cast<const char*>(head.data()), sizeof head);
  o.write(reinterpret_cast<const char*>(w.data()), std::streamsize(w.size() * sizeof(float)));
  if (!o.flush()) return fail("cannot write " + out.string());
  return {};
}

namespace {

// sphinxtrain's tools over the readings in the work folder `w` (their inputs written there).
struct Tools {
  const AdaptationSettings& settings;
  fs::path w;

  std::string tool(const char* name) const { return (settings.sphinxtrain_dir / name).string(); }
  fs::path model(const char* file) const { return settings.model_dir / file; }

  // The readings' cepstra and the model definition as text.
  Status prepare() const {
    if (auto ok =
            run_tool({"sphinx_fe", "-argfile", model("feat.params").string(), "-samprate", "16000",
                      "-raw", "yes", "-input_endian", "little", "-c", (w / "fileids").string(),
                      "-di", w.string(), "-do", w.string(), "-ei", "raw", "-eo", "mfc"},
                     w / "sphinx_fe.log", "pocketsphinx");
        !ok)
      return ok;
    return run_tool(
        {"pocketsphinx_mdef_convert", "-text", model("mdef").string(), (w / "mdef.txt").string()},
        w / "mdef_convert.log", "pocketsphinx");
  }

  // Baum-Welch counts of the readings into the folder `accum` (its log `accum`.log), against the
  // model with the means `extra` names ("-meanfn FILE") or transformed ("-mllrmat FILE").
  Status counts(std::string_view accum, const std::vector<std::string>& extra) const {
    const fs::path dir = w / accum;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return fail("cannot create " + dir.string() + ": " + ec.message());
    std::vector<std::string> args = {tool("bw"),
                                     "-hmmdir",
                                     settings.model_dir.string(),
                                     "-moddeffn",
                                     (w / "mdef.txt").string(),
                                     "-mixwfn",
                                     (w / "mixture_weights").string(),
                                     "-ts2cbfn",
                                     ".ptm.",
                                     "-feat",
                                     "1s_c_d_dd",
                                     "-svspec",
                                     "0-12/13-25/26-38",
                                     "-cmn",
                                     "batch",
                                     "-agc",
                                     "none",
                                     "-dictfn",
                                     (w / "dict").string(),
                                     "-fdictfn",
                                     model("noisedict").string(),
                                     "-ctlfn",
                                     (w / "fileids").string(),
                                     "-lsnfn",
                                     (w / "transcription").string(),
                                     "-cepdir",
                                     w.string(),
                                     "-accumdir",
                                     dir.string(),
                                     "-timing",
                                     "no"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_tool(args, w / (std::string(accum) + ".log"), "sphinxtrain");
  }

  // One global MLLR transform of the model's means from the counts in `accum`, into `solved`.
  Status solve(std::string_view accum, const fs::path& solved) const {
    return run_tool({tool("mllr_solve"), "-meanfn", model("means").string(), "-varfn",
                     model("variances").string(), "-outmllrfn", solved.string(), "-accumdir",
                     (w / accum).string()},
                    w / (std::string(accum) + "_mllr_solve.log"), "sphinxtrain");
  }

  // The model's means moved by the transform `mllr`, into `moved`.
  Status transform(const fs::path& mllr, const fs::path& moved) const {
    return run_tool({tool("mllr_transform"), "-inmeanfn", model("means").string(), "-outmeanfn",
                     moved.string(), "-mllrmat", mllr.string()},
                    w / "mllr_transform.log", "sphinxtrain");
  }

  // MAP of the means `prior` from the counts in `accum`, into `adapted`.
  Status map(const fs::path& prior, std::string_view accum, const fs::path& adapted) const {
    const bool fixed = settings.map_tau > 0;
    return run_tool({tool("map_adapt"),
                     "-moddeffn",
                     (w / "mdef.txt").string(),
                     "-ts2cbfn",
                     ".ptm.",
                     "-meanfn",
                     prior.string(),
                     "-varfn",
                     model("variances").string(),
                     "-mixwfn",
                     (w / "mixture_weights").string(),
                     "-tmatfn",
                     model("transition_matrices").string(),
                     "-accumdir",
                     (w / accum).string(),
                     "-mapmeanfn",
                     adapted.string(),
                     "-bayesmean",
                     fixed ? "no" : "yes",
                     "-fixedtau",
                     fixed ? "yes" : "no",
                     "-tau",
                     std::to_string(fixed ? settings.map_tau : 10.0)},
                    w / "map_adapt.log", "sphinxtrain");
  }

  // The method's steps; the file they end with (a transform or means) in `result`.
  Status run(fs::path& result) const {
    const auto method = settings.method;
    const fs::path first = w / "mllr_matrix";
    result = first;
    if (method != AdaptationMethod::Map) {
      if (auto ok = counts("bw1", {}); !ok) return ok;
      if (auto ok = solve("bw1", first); !ok) return ok;
    }
    if (method == AdaptationMethod::MllrTwice) {
      // Realigned with the first transform applied, solved again from the model as shipped.
      result = w / "mllr_matrix2";
      if (auto ok = counts("bw2", {"-mllrmat", first.string()}); !ok) return ok;
      return solve("bw2", result);
    }
    if (method == AdaptationMethod::Mllr) return {};
    // MAP of the means on top of (or instead of) the transform: the MLLR-moved means are the
    // prior, the readings' counts against them the evidence.
    fs::path prior = model("means");
    if (method == AdaptationMethod::MllrMap) {
      prior = w / "means_mllr";
      if (auto ok = transform(first, prior); !ok) return ok;
    }
    if (auto ok = counts("bw_map", {"-meanfn", prior.string()}); !ok) return ok;
    result = w / "means_map";
    return map(prior, "bw_map", result);
  }
};

}  // namespace

Status adapt_to_speaker(const std::vector<AdaptationSample>& samples,
                        const PronunciationDictionary& dictionary, const fs::path& out,
                        const AdaptationSettings& settings) {
  if (samples.empty()) return fail("speaker adaptation: no utterances");
  // sphinxtrain's tools are not on PATH: looked for first, so that a missing package is named
  // before anything is computed.
  for (const char* tool : {"bw", "mllr_solve", "mllr_transform", "map_adapt"})
    if (::access((settings.sphinxtrain_dir / tool).c_str(), X_OK) != 0)
      return fail("speaker adaptation: " + (settings.sphinxtrain_dir / tool).string() +
                  " not found (Debian package sphinxtrain)");
  WorkDir dir;
  if (auto ok = make_work_dir(dir, settings.work_dir); !ok) return ok;
  const Tools tools{settings, dir.path};
  if (auto ok = write_inputs(samples, dictionary, dir.path); !ok) return ok;
  if (auto ok = write_mixture_weights(tools.model("sendump"), dir.path / "mixture_weights"); !ok)
    return ok;
  if (auto ok = tools.prepare(); !ok) return ok;
  fs::path result;
  if (auto ok = tools.run(result); !ok) return ok;
  // The speaker's folder holds what the decoder loads: the adapted means (MAP, which already
  // include the transform) or the transform alone, never both (use_speaker_transform would apply
  // the transform twice).
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) return fail("cannot create the speaker's folder " + out.string() + ": " + ec.message());
  const bool map =
      settings.method == AdaptationMethod::Map || settings.method == AdaptationMethod::MllrMap;
  const fs::path target = out / (map ? "means" : "mllr_matrix");
  fs::copy_file(result, target, fs::copy_options::overwrite_existing, ec);
  if (ec) return fail("cannot write the speaker's model " + target.string() + ": " + ec.message());
  fs::remove(out / (map ? "mllr_matrix" : "means"), ec);
  if (ec)
    return fail("cannot remove the speaker's old model in " + out.string() + ": " + ec.message());
  return {};
}

Result<fs::path> speaker_voice_folder(std::string_view player) {
  std::string name;
  bool any = false;
  for (const char c : player) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) && u < 128) {
      name += char(std::tolower(u));
      any = true;
    } else if (!name.empty() && name.back() != '-') {
      name += '-';
    }
  }
  while (!name.empty() && name.back() == '-') name.pop_back();
  if (!any) return fail("a player's name needs a letter or digit for his voice's folder");
  fs::path data;
  const char* xdg = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (xdg && *xdg == '/')
    data = fs::path(xdg) / "annabella";
  else if (home && *home)
    data = fs::path(home) / ".local/share/annabella";
  else
    return fail("no folder for the players' voices: neither XDG_DATA_HOME nor HOME is set");
  return data / "voices" / name;
}

}  // namespace annabella::speech
