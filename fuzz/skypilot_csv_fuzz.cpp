// fuzz/skypilot_csv_fuzz.cpp — SkyPilot catalog CSVs (`import skypilot`), for each cloud's
// billing rules.
#include "costsim/io/skypilot.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           // The first byte picks the cloud, so every cloud's rules see every shape of
                                           // row.
                                           static const char* const clouds[] = {"aws", "lambda", "runpod", "gcp"};
                                           costsim::skypilot_import o;
                                           o.provider = clouds[b.empty() ? 0 : static_cast<unsigned char>(b[0]) % 4];
                                           o.as_of = date::year{2026} / 12 / 1;
                                           (void)costsim::parse_skypilot_csv(b.empty() ? b : b.substr(1), n, o);
                                       });
}
