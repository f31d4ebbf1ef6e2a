// planning_tool — the smallest planning tool built on costsim's headers alone:
// loads a catalog and prints the cheapest offer (any market) for a job of GPU_HOURS
// (wall time on an offer = GPU_HOURS / its GPU count, perfect scaling assumed).
//
//   planning_tool CATALOG GPU_HOURS [START] [CURRENCY]
//   planning_tool pricing_data/gpu_platforms_2018.json 12h 2026-02-01 USD
#include <iostream>

#include <costsim/costsim.hpp>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: planning_tool CATALOG GPU_HOURS [START] [CURRENCY]\n";
        return 2;
    }
    try {
        const costsim::catalog cat = costsim::load_catalog(argv[1]);
        const costsim::ranked_job job{costsim::parse_duration(argv[2]),
                                      costsim::parse_timestamp(argc > 3 ? argv[3] : "2026-02-01"),
                                      costsim::currency(argc > 4 ? argv[4] : "USD")};
        const auto ranking = costsim::rank_offers({cat}, job);
        if (ranking.rows.empty()) {
            std::cerr << "planning_tool: no offer in " << argv[1] << " can be priced in " << job.in_currency.code()
                      << "\n";
            return 2;
        }
        const auto& best = ranking.rows.front();
        std::cout << "cheapest: " << best.what.id << " (" << costsim::to_string(best.market) << ") "
                  << best.bill.total.to_string() << " " << best.bill.in_currency.code() << " for "
                  << costsim::format_duration(best.wall) << " of wall time, billed "
                  << costsim::format_duration(best.bill.billed) << "\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "planning_tool: " << e.what() << "\n";
        return 2;
    }
}
