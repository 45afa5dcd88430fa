// toml++ adapter: the only file that includes toml++. Turns TOML text into a StationConfig by the
// schema (config/schema.cpp), reporting every problem with its line, key and what is allowed.
#include <toml++/toml.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "config/config.h"

namespace annabella::config {
namespace {

std::string type_of(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "a list";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a decimal number";
    case toml::node_type::boolean:
      return "true/false";
    case toml::node_type::date:
    case toml::node_type::time:
    case toml::node_type::date_time:
      return "a date/time";
    default:
      return "nothing";
  }
}

// Converts a node to the kind the schema expects, or says what it is instead.
Result<Value> to_value(const toml::node& n, ValueKind kind) {
  auto wrong = [&] {
    return fail("expected " + std::string(kind_name(kind)) + ", got " + type_of(n));
  };
  switch (kind) {
    case ValueKind::Bool:
      if (auto b = n.as_boolean()) return Value{b->get()};
      return wrong();
    case ValueKind::Integer:
      if (auto i = n.as_integer()) return Value{std::int64_t{i->get()}};
      return wrong();
    case ValueKind::String:
      if (auto s = n.as_string()) return Value{std::string(s->get())};
      return wrong();
    case ValueKind::IntegerList: {
      auto a = n.as_array();
      if (!a) return wrong();
      std::vector<std::int64_t> out;
      for (const auto& e : *a) {
        auto i = e.as_integer();
        if (!i) return fail("expected a list of integers, got " + type_of(e) + " in the list");
        out.push_back(i->get());
      }
      return Value{out};
    }
    case ValueKind::StringList: {
      auto a = n.as_array();
      if (!a) return wrong();
      std::vector<std::string> out;
      for (const auto& e : *a) {
        auto s = e.as_string();
        if (!s) return fail("expected a list of strings, got " + type_of(e) + " in the list");
        out.push_back(std::string(s->get()));
      }
      return Value{out};
    }
  }
  return wrong();
}

class Reader {
 public:
  explicit Reader(std::string_view source) : source_(source) {}

  void read(const toml::table& root) {
    std::vector<std::string> sections;
    for (const auto& k : schema()) {
      if (sections.empty() || sections.back() != k.section) sections.push_back(k.section);
    }
    for (const auto& [key, node] : root) {
      const std::string name(key.str());
      const auto line = key.source().begin.line;
      if (std::find(sections.begin(), sections.end(), name) == sections.end()) {
        problem(line, "[" + name + "]",
                "unknown section" + did_you_mean(name, sections, true) +
                    "; allowed: " + list(sections));
        continue;
      }
      const auto* table = node.as_table();
      if (!table) {
        problem(line, name, "expected a table ([" + name + "]), got " + type_of(node));
        continue;
      }
      read_section(name, *table);
    }
  }

  StationConfig config;
  std::vector<std::string> problems;

 private:
  void read_section(const std::string& section, const toml::table& table) {
    std::vector<std::string> keys;
    for (const auto& k : schema())
      if (k.section == section) keys.push_back(k.key);
    for (const auto& [key, node] : table) {
      const std::string name(key.str());
      const std::string full = section + "." + name;
      const auto line = key.source().begin.line;
      if (std::find(open_sections().begin(), open_sections().end(), full) !=
          open_sections().end()) {
        read_open_section(full, node);
        continue;
      }
      const auto spec = std::find_if(schema().begin(), schema().end(), [&](const KeySpec& k) {
        return k.section == section && k.key == name;
      });
      if (spec == schema().end()) {
        std::vector<std::string> all = keys;
        for (const auto& open : open_sections())
          if (open.rfind(section + ".", 0) == 0) all.push_back(open.substr(section.size() + 1));
        problem(line, full,
                "unknown key" + did_you_mean(name, all, false) + "; allowed in [" + section +
                    "]: " + list(all));
        continue;
      }
      auto value = to_value(node, spec->kind);
      if (!value) {
        problem(line, full, value.error().message + allowed(*spec));
        continue;
      }
      if (auto st = spec->set(config, *value); !st) {
        problem(line, full, st.error().message + allowed(*spec));
        continue;
      }
      config.source.lines[full] = line;
    }
  }

  void read_open_section(const std::string& full, const toml::node& node) {
    const auto line = node.source().begin.line;
    const auto* table = node.as_table();
    if (!table) {
      problem(line, full, "expected a table ([" + full + "]), got " + type_of(node));
      return;
    }
    for (const auto& [key, value] : *table) {
      const std::string name = full + "." + std::string(key.str());
      const auto key_line = key.source().begin.line;
      const auto* s = value.as_string();
      if (!s) {
        problem(key_line, name, "expected a string (the spoken word), got " + type_of(value));
        continue;
      }
      if (auto plain = check_plain_text(key.str()); !plain) {
        problem(key_line, name, "the key " + plain.error().message);
        continue;
      }
      if (auto plain = check_plain_text(s->get()); !plain) {
        problem(key_line, name, "the word " + plain.error().message);
        continue;
      }
      config.speech.words[std::string(key.str())] = std::string(s->get());
      config.source.lines[name] = key_line;
    }
  }

  static std::string allowed(const KeySpec& spec) {
    if (spec.allowed.empty()) return "";
    return "; allowed: " + list(spec.allowed);
  }
  static std::string list(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
  }
  static std::string did_you_mean(const std::string& name, const std::vector<std::string>& known,
                                  bool brackets) {
    const std::string best = closest_name(name, known);
    if (best.empty()) return "";
    return " (did you mean " + (brackets ? "[" + best + "]" : best) + "?)";
  }
  void problem(std::uint32_t line, const std::string& key, const std::string& what) {
    problems.push_back(std::string(source_) + ":" + std::to_string(line) + ": " + key + ": " +
                       what);
  }

  std::string_view source_;
};

}  // namespace

Result<StationConfig> parse_config(std::string_view text, std::string_view source,
                                   const ExtraChecks& more) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    return fail(std::string(source) + ":" + std::to_string(e.source().begin.line) + ":" +
                std::to_string(e.source().begin.column) +
                ": not valid TOML: " + std::string(e.description()));
  }
  Reader reader(source);
  reader.config.source.file = std::string(source);
  reader.read(root);
  if (reader.problems.empty()) {
    for (const auto& p : cross_check(reader.config)) {
      reader.problems.push_back(std::string(source) + ": " + p);
    }
  }
  // The caller's checks see the values read so far (a refused key keeps its default).
  if (more)
    for (auto& p : more(reader.config)) reader.problems.push_back(std::move(p));
  if (!reader.problems.empty()) {
    // In the file's order: "source:LINE: ..." by line, those without a line last.
    const std::string prefix = std::string(source) + ":";
    const auto line_of = [&prefix](const std::string& p) {
      std::uint64_t line = 0;
      std::size_t i = prefix.size();
      if (p.compare(0, prefix.size(), prefix) != 0 || i >= p.size() || p[i] < '0' || p[i] > '9')
        return std::numeric_limits<std::uint64_t>::max();
      for (; i < p.size() && p[i] >= '0' && p[i] <= '9'; ++i) line = line * 10 + (p[i] - '0');
      return line;
    };
    std::stable_sort(
        reader.problems.begin(), reader.problems.end(),
        [&](const std::string& a, const std::string& b) { return line_of(a) < line_of(b); });
    std::string message;
    for (const auto& p : reader.problems) message += (message.empty() ? "" : "\n") + p;
    return fail(message);
  }
  return reader.config;
}

Result<StationConfig> load_config(const std::filesystem::path& path, const ExtraChecks& more) {
  // The reason, as every other unreadable file is named: missing, a folder (which a stream
  // opens and reads as empty, so it is looked at first), not permitted.
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  std::ifstream in;
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status))
    in.open(path, std::ios::binary);
  if (!in.is_open()) {
    const std::string why = !std::filesystem::exists(status)        ? "no such file"
                            : std::filesystem::is_directory(status) ? "it is a folder"
                                                                    : "permission denied";
    return fail(path.string() + ": cannot read the configuration file: " + why);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_config(text.str(), path.string(), more);
}

}  // namespace annabella::config
