// libFuzzer target for the TOML configuration reader: any bytes are read into a configuration
// or refused with a message that names the source; never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/config.h"
#include "tests/fuzz/fuzz_check.h"

using annabella::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto config = annabella::config::parse_config(text, "fuzz.toml");
  if (!config) check(config.error().message.find("fuzz.toml") != std::string::npos);
  return 0;
}
