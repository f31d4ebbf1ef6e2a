// fuzz/bench_data_fuzz.cpp — the data files of costsim-bench: tweets CSV (three layouts),
// CIFAR-10 binary batches and texts (lines / JSONL). One source, three targets: the reader
// is chosen at compile time (COSTSIM_FUZZ_BENCH_READER = 0, 1, 2).
#include "../bench_adapter/data_formats.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(
        data, size, costsim::fuzz::input_name, [](const std::string& b, const std::string& n) {
#if COSTSIM_FUZZ_BENCH_READER == 0
            static const char* const formats[] = {"auto", "csv", "sentiment140", "thinknook"};
            const std::string fmt = formats[b.empty() ? 0 : static_cast<unsigned char>(b[0]) % 4];
            (void)bench::parse_sentiment_csv(b.empty() ? b : b.substr(1), n, fmt);
#elif COSTSIM_FUZZ_BENCH_READER == 1
        std::vector<std::uint8_t> px;
        std::vector<std::int64_t> labels;
        bench::parse_cifar_batch(b, n, px, labels);
#else
        const std::string fmt = !b.empty() && (b[0] & 1) ? "jsonl" : "lines";
        (void)bench::parse_texts(b.empty() ? b : b.substr(1), n, fmt, "text");
#endif
        });
}
