#pragma once
// Files written the safe way, shared by every writer (catalog export, design save, reports):
// a temporary file with a unique name beside the target, renamed over it only when every byte
// reached the disk; on failure the temporary file is removed, the target is untouched, and
// the message carries the system's reason ("No space left on device").

#include <optional>
#include <string>
#include <string_view>

namespace infraplan {

// Write `bytes` to `path` atomically. False with `error` ("cannot write PATH: reason").
bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string* error);

// An empty file, created exclusively with a unique name beside `path` (for writers that need a
// path, such as SQLite); the caller renames it with replaceFile() or removes it.
std::optional<std::string> createTempFileBeside(const std::string& path, std::string* error);
// Rename `temp` over `path`; on failure `temp` is removed and `error` says why.
bool replaceFile(const std::string& temp, const std::string& path, std::string* error);

// Whether two paths name the same existing file (hard links and symbolic links included).
bool sameFile(const std::string& a, const std::string& b);

}  // namespace infraplan
