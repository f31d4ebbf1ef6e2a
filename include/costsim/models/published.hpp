// costsim/models/published.hpp — a study's published figures (`costsim.published/v1`).
//
// A study file records what a study printed, row by row, with its source:
//     {"schema": "costsim.published/v1", "study": "gpu_platforms_2018", "source": "...",
//      "rows": [{"offer": "aws/us-east-1/p2.xlarge", "market": "on_demand",
//                "runtime": "19.3887s",                          // when the study printed it
//                "reported_cost": {"amount": "3.3", "currency": "USD"},  // when it printed a cost
//                "note": "..."}],
//      "conclusions": [{"claim": "Paperspace is the cheapest VM provider",
//                       "check": "cheapest_vm_provider", "provider": "paperspace"}, ...]}
// A row with a runtime gives it directly; a row with only a cost gives the runtime that cost
// implies: cost / the offer's billed hourly rate (on-demand price plus attached resources,
// converted with the catalog's rates), stated as derived. Costs are compared at the
// study's own precision: the significant digits of its printed amount ("3.3" has two).
// Reading the file is io/published_json.hpp.
//
// Conclusions (checked by study_check.hpp against costsim's own figures):
//   "cheapest_when_busy" (offer, months): that monthly offer, amortised over `months` at
//       100 % use, costs least per run of all offers;
//   "cheapest_vm_provider" (provider): the cheapest on-demand run of an hourly offer is
//       that provider's;
//   "cheaper_gpu_better_value": within each provider, an offer with a lower hourly price
//       costs no more per run, at the study's precision;
//   "multi_gpu_uses_one": offers with several GPUs run the job on one of them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/decimal.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/models/runtime_source.hpp"
#include "costsim/pricing/breakeven.hpp"
#include "costsim/pricing/catalog.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct published_row {
    std::string offer;
    market_kind market = market_kind::on_demand;
    std::optional<usec> runtime;
    std::optional<money> reported_cost;
    std::string reported_text;  ///< the amount as printed ("3.3"): its digits are the precision
    std::string note, pointer;
};

enum class claim_check { cheapest_when_busy, cheapest_vm_provider, cheaper_gpu_better_value, multi_gpu_uses_one };

struct published_claim {
    std::string text;
    claim_check check = claim_check::cheaper_gpu_better_value;
    std::string subject;  ///< the offer (cheapest_when_busy) or provider (cheapest_vm_provider)
    int months = 12;      ///< cheapest_when_busy: the commitment the monthly offer is amortised over
    std::string pointer;
};

struct published_study {
    std::string study, source, file;
    std::vector<published_row> rows;
    std::vector<published_claim> claims;
};

/// The runtime a row gives on its offer, and where it comes from. Throws input_error (the
/// row's pointer) when the offer is not in `cat`, or a cost-only row's offer has no
/// on-demand market or exchange rate to derive it with.
struct derived_runtime {
    usec runtime{0};
    runtime_basis basis;
};
derived_runtime runtime_of(const published_study& st, const published_row& row, const catalog& cat);

/// Significant digits of a printed decimal: "3.3" → 2, "0.0003" → 1, "0.204" → 3, "120" → 3.
int significant_digits(std::string_view decimal_text);
/// x rounded half-up to `digits` significant digits, as text ("3.2967" at 2 → "3.3").
std::string to_significant_string(const exact& x, int digits);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline int significant_digits(std::string_view t) {
    int n = 0;
    bool leading = true;
    for (char ch : t) {
        if (ch < '0' || ch > '9') continue;
        if (leading && ch == '0') continue;
        leading = false;
        ++n;
    }
    return n == 0 ? 1 : n;
}

inline std::string to_significant_string(const exact& x, int digits) {
    if (x == 0) return "0";
    // The decimal exponent of x's leading digit, found exactly: 10^e <= |x| < 10^(e+1).
    const exact ax = x < 0 ? exact(-x) : x;
    int e = 0;
    exact p(1);
    while (p <= ax) {
        p *= 10;
        ++e;
    }
    while (p > ax) {
        p /= 10;
        --e;
    }
    const int places = digits - 1 - e;
    if (places >= 0) return to_fixed_string(x, places);
    exact scale(1);
    for (int i = 0; i < -places; ++i) scale *= 10;
    return to_fixed_string(exact(round_half_up(exact(x / scale), 0) * scale), 0);
}

inline derived_runtime runtime_of(const published_study& st, const published_row& row, const catalog& cat) {
    const auto fail = [&](const std::string& expected) { return input_error(st.file, row.pointer, expected); };
    const offer* o = cat.find(row.offer);
    if (!o) throw fail("a row whose \"offer\" is in the scenario's catalog (\"" + row.offer + "\" is not)");
    const std::string cite = st.study + (row.note.empty() ? std::string() : "; " + row.note);
    if (row.runtime)
        return {*row.runtime,
                {runtime_source::published, "published runtime " + format_duration(*row.runtime) + " (" + cite + ")"}};
    if (row.market != market_kind::on_demand)
        throw fail("a \"runtime\" for a " + std::string(to_string(row.market)) +
                   " row (a runtime is derived from a cost only at the on-demand hourly rate)");
    const money& cost = *row.reported_cost;
    const std::string code(cost.currency_of().code());
    std::optional<price_per_hour> rate;
    try {
        rate = on_demand_hourly(cat, *o, cost.currency_of());
    } catch (const model_error& e) {
        throw fail("an offer whose on-demand rate is known in " + code + ": " + e.what());
    }
    if (!(rate->per_hour().amount() > 0))
        throw fail("an offer with a positive on-demand price to derive a runtime from");
    const exact hours = cost / rate->per_hour();
    const usec runtime = duration_from_seconds(to_double(exact(hours * 3600)));
    return {runtime,
            {runtime_source::published, "derived from the published cost: " + row.reported_text + " " + code + " / " +
                                            to_decimal_string(rate->per_hour().amount(), 4) + " " + code +
                                            "/h billed = " + to_decimal_string(hours, 3) + " h (" + cite + ")"}};
}

}  // namespace costsim
