#pragma once
// Standard output that knows whether it arrived: std::cout writes through this buffer to file
// descriptor 1 and the first failed write keeps its reason (stdio forgets why a buffered write
// failed), so that a full disk or a closed file ends in exit 1 with the system's words rather
// than exit 0 with half a result.

#include <array>
#include <streambuf>

namespace infraplan::cli {

class CheckedStdout : public std::streambuf {
public:
    CheckedStdout();  // takes over std::cout
    ~CheckedStdout() override;
    CheckedStdout(const CheckedStdout&) = delete;
    CheckedStdout& operator=(const CheckedStdout&) = delete;

    // Flush; when any write failed, say why on stderr and return 1, else `exit_code`.
    int finish(int exit_code);

protected:
    int_type overflow(int_type c) override;
    int sync() override;

private:
    bool writePending();

    std::array<char, 1 << 16> m_buffer{};
    std::streambuf* m_previous = nullptr;
    int m_error = 0;  // errno of the first failed write
};

}  // namespace infraplan::cli
