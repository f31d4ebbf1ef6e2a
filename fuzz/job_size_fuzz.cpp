// fuzz/job_size_fuzz.cpp — costsim.job-size/v1 fact tables, read and then used to size a job
// of every method (a table that reads must give a finite, positive estimate), and the job's
// own values (--model, --tokens, --method) read from the same bytes: value_error only.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "costsim/io/job_size_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const costsim::job_size_table bundled =
        costsim::load_job_size_table(COSTSIM_FUZZ_PRICING_DIR "/llm_job_size_2026.json");
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)costsim::parse_count(text);
        (void)bundled.model(text);
        (void)costsim::parse_train_method(text);
    } catch (const costsim::value_error&) {
    }
    return costsim::fuzz::check_reader(
        data, size, costsim::fuzz::input_name, [](const std::string& b, const std::string& n) {
            const costsim::json j = costsim::parse_json_text(b, n);
            const costsim::job_size_table t = costsim::parse_job_size_table(costsim::json_cursor(j, n));
            for (auto m : {costsim::train_method::full, costsim::train_method::lora, costsim::train_method::qlora}) {
                costsim::job_size job;
                job.model = t.model("7B");
                job.tokens = 1e8;
                job.method = m;
                costsim::size_estimate e;
                try {
                    e = costsim::estimate_job(job, 8, t);
                } catch (const costsim::value_error&) {
                    continue;  // a table whose figures give a job of over 10^12 s
                }
                if (!(e.tuned.count() > 0 && e.plain.count() > 0 && std::isfinite(e.memory_gib))) {
                    std::fprintf(stderr, "a table that reads gave no estimate\n");
                    std::abort();
                }
            }
        });
}
