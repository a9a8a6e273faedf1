#pragma once
// UTF-8 at the borders: text that enters from files, columns, file names or the command line
// is checked here, and text that leaves as JSON or a message is made printable here, so that
// one stray byte can neither be stored nor crash a writer.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace infraplan {

// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence
// (overlong forms, surrogates and code points above U+10FFFF count as malformed); nullopt
// when the whole text is valid.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);
inline bool isValidUtf8(std::string_view text) {
    return !firstInvalidUtf8(text);
}
// "byte 0xFF at offset 12 is not valid UTF-8": the reason a refusal gives.
std::string describeInvalidUtf8(std::string_view text);
// The text with every malformed sequence replaced by U+FFFD, for messages.
std::string toValidUtf8(std::string_view text);

}  // namespace infraplan
