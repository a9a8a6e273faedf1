#pragma once
// Writing a file so that it is either whole or untouched: the bytes go to a uniquely named
// temporary file beside the target, which is renamed over it only when every byte arrived.
// A full disk or a missing folder leaves the previous file as it was and no temporary behind.

#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace infraplan {

// False with `error` (when given) set to a sentence naming the file and the system's reason,
// e.g. "cannot write out/bom.csv: No space left on device".
bool writeFileAtomically(const std::string& path, std::string_view bytes,
                         std::string* error = nullptr);
// The same, streamed: `write` fills the file (large exports never sit whole in memory).
bool writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write,
                         std::string* error = nullptr);

}  // namespace infraplan
