// The engines (simulate, plan, replay, validate's supervisor) compile and run without the
// JSON library (issue 17): a planning tool can build a scenario in code and simulate it.
// This file fails to compile if any of their headers pulls nlohmann/json in, and the test
// fails if the answers differ from the closed forms below.
#include <costsim/engine/monte_carlo.hpp>
#include <costsim/engine/replay.hpp>
#include <costsim/engine/scenario.hpp>
#include <costsim/engine/validate.hpp>
#include <costsim/plan/plan.hpp>

#ifdef NLOHMANN_JSON_VERSION_MAJOR
#error "an engine header includes nlohmann/json: its reader or writer belongs in costsim/io/"
#endif

#include <chrono>
#include <cmath>
#include <cstdio>

#include "in_code_offer.hpp"

int main() {
    using namespace costsim;
    const currency usd("USD");

    scenario s;
    s.name = "in code";
    s.offers.name = s.name;
    s.offers.currency = usd;
    s.offers.offers.push_back(in_code_offer());
    s.work = std::chrono::hours(10);
    candidate od;
    od.market = market_kind::on_demand;
    od.policy = policy_kind::on_demand;
    od.pointer = "/candidates/0";
    candidate spot;  // spot_only, no interruptions: 10 h at the spot price
    spot.pointer = "/candidates/1";
    candidate hazard_run = spot;  // 1 h of work, restarted from scratch at each interruption
    hazard_run.interruptions.model = spot_models::poisson{hazard(0.5)};
    hazard_run.speedup = 10.0;
    hazard_run.pointer = "/candidates/2";
    s.candidates = {od, spot, hazard_run};

    mc_options opt;
    opt.trials = 20000;
    opt.threads = 2;
    const simulation_result r = simulate(s, opt);
    const candidate_result& a = r.candidates[0];
    const candidate_result& b = r.candidates[1];
    const candidate_result& c = r.candidates[2];
    // 10 h × 3.06 $/h = 30.60 and 10 h × 0.918 $/h = 9.18 in every trial.
    const bool fixed_ok = std::abs(a.cost.mean - 30.6) < 1e-9 && std::abs(b.cost.mean - 9.18) < 1e-9 &&
                          a.makespan_hours.mean == 10.0 && b.makespan_hours.mean == 10.0;
    // Restart from scratch under a Poisson hazard λ: E[T] = (e^{λW} − 1) / λ = 1.29744 h for
    // W = 1 h, λ = 0.5/h; the Monte Carlo mean must lie within 4 of its standard errors.
    const double expected = (std::exp(0.5) - 1.0) / 0.5;
    const bool hazard_ok = std::abs(c.makespan_hours.mean - expected) < 4 * c.makespan_hours.std_error;
    std::printf("on-demand %.4f, spot %.4f, restart makespan %.5f h (closed form %.5f, stderr %.5f): %s\n", a.cost.mean,
                b.cost.mean, c.makespan_hours.mean, expected, c.makespan_hours.std_error,
                fixed_ok && hazard_ok ? "ok" : "WRONG");
    return fixed_ok && hazard_ok ? 0 : 1;
}
