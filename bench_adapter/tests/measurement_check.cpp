// bench_adapter/tests/measurement_check.cpp — checks costsim-bench output in the runner's
// CTest tests, through the library's own reader (costsim/models/measurement.hpp): a file must be
// valid costsim.measurement/v1 and meet the expectations given as flags.
//   measurement_check FILE [--count N] [--workload W] [--format F] [--quality] [--checkpoint]
//                     [--resumed] [--min-accuracy X] [--digest-equals OTHER] [--digest-differs OTHER]
//   measurement_check --simulation SIM.json --measurement FILE --samples N --epochs E
// The second form checks that `costsim simulate --json` on a scenario made from FILE ran the
// on-demand candidate for exactly samples × epochs / samples_per_second.
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "costsim/io/measurement_json.hpp"

namespace {

int fail(const std::string& what) {
    std::cerr << "measurement_check: " << what << "\n";
    return 1;
}

int check_simulation(const std::string& sim, const std::string& file, double samples, double epochs) {
    const costsim::json s = costsim::load_json_file(sim);
    const auto ms = costsim::load_measurements(file);
    const double hours = samples * epochs / ms.front().samples_per_second / 3600.0;
    for (const auto& c : s.at("candidates"))
        if (c.at("market") == "on_demand") {
            const double got = c.at("makespan_hours").at("mean").get<double>();
            if (std::abs(got - hours) > 1e-6 * hours + 1e-9)
                return fail("on-demand makespan " + std::to_string(got) + " h, expected " + std::to_string(hours) +
                            " h");
            std::cout << "on-demand makespan " << got << " h = samples x epochs / measured samples/s\n";
            return 0;
        }
    return fail(sim + ": no on_demand candidate");
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> a(argv + 1, argv + argc);
    auto value = [&](const std::string& flag) -> std::string {
        for (std::size_t i = 0; i + 1 < a.size(); ++i)
            if (a[i] == flag) return a[i + 1];
        return {};
    };
    auto has = [&](const std::string& flag) {
        for (const auto& x : a)
            if (x == flag) return true;
        return false;
    };
    try {
        if (has("--simulation"))
            return check_simulation(value("--simulation"), value("--measurement"), std::stod(value("--samples")),
                                    std::stod(value("--epochs")));
        if (a.empty()) return fail("usage: measurement_check FILE [expectations]");
        const auto ms = costsim::load_measurements(a[0]);
        if (auto n = value("--count"); !n.empty() && ms.size() != std::stoul(n))
            return fail(std::to_string(ms.size()) + " measurements, expected " + n);
        auto digest_of = [](const std::string& f) {
            return costsim::load_measurements(f).front().parameters_digest.value_or("-");
        };
        for (const auto& m : ms) {
            if (auto w = value("--workload"); !w.empty() && m.workload != w)
                return fail("workload " + m.workload + ", expected " + w);
            if (auto f = value("--format"); !f.empty() && m.data.format != f)
                return fail("data format " + m.data.format + ", expected " + f);
            if (has("--quality") && !m.quality) return fail("no held-out quality");
            if (has("--checkpoint") && (!m.checkpoint || m.checkpoint->bytes <= 0 || m.checkpoint->writes < 1))
                return fail("no checkpoint written");
            if (has("--resumed") && (!m.checkpoint || m.checkpoint->resumed_from_step <= 0)) return fail("not resumed");
            if (auto x = value("--min-accuracy"); !x.empty() && (!m.quality || m.quality->accuracy < std::stod(x)))
                return fail("held-out accuracy " + (m.quality ? std::to_string(m.quality->accuracy) : "-") + " < " + x);
            if (auto o = value("--digest-equals"); !o.empty() && m.parameters_digest.value_or("") != digest_of(o))
                return fail("final parameters " + m.parameters_digest.value_or("-") + " differ from " + digest_of(o));
            if (auto o = value("--digest-differs"); !o.empty() && m.parameters_digest.value_or("") == digest_of(o))
                return fail("final parameters equal those of " + o);
            std::cout << m.workload << " batch " << m.batch_size << ": " << m.samples_per_second << " samples/s, "
                      << m.data.format << (m.quality ? ", accuracy " + std::to_string(m.quality->accuracy) : "")
                      << (m.parameters_digest ? ", " + *m.parameters_digest : "") << "\n";
        }
        return 0;
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}
