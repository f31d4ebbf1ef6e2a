// costsim/io/spot_risk_json.hpp — per-instance spot risk: the AWS Spot Advisor's band for
// each instance type and region, its level calibrated on real traces.
//
// A spot-risk file (`costsim.spot_risk/v1`, pricing_data/aws-spot-advisor/aws_spot_risk.json)
// names the Advisor snapshot it reads and the traces that calibrate it:
//     {"schema": "costsim.spot_risk/v1", "advisor": "spot_advisor_gpu_2025-06-28.json",
//      "advisor_as_of": "2025-06-28", "os": "Linux", "notice": "2m",
//      "anchor": {"band": ">20%", "what": "...", "traces": ["../spot-traces/...json", ...]}}
// Paths are relative to the file. Loading it reads the Advisor rows and pools the anchor
// traces' spot lifetimes and outages (waits for capacity), once. A band's model then
// (spot_risk::band_model) is the anchor traces' own shape — lifetimes resampled, stretched
// so that their rate is advisor_hazard(band, anchor rate), and their outages as they are —
// with the Advisor's date and band beside it. The mapping (models/interruptions.hpp) is the
// one written down there: the anchor band at the traces' pooled rate, the other bands at
// the naive reading's ratios to it.
#pragma once

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "costsim/engine/scenario.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/io/spot_advisor.hpp"
#include "costsim/io/trace_json.hpp"
#include "costsim/models/trace.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view spot_risk_schema = "costsim.spot_risk/v1";

struct spot_risk {
    std::string file;           ///< as given
    std::string advisor_file;   ///< resolved
    std::string advisor_as_of;  ///< "2025-06-28": the snapshot's date, printed beside every figure
    std::string os = "Linux";
    std::optional<fast_hours> notice;
    advisor_bucket anchor_band = advisor_bucket::over_20;
    std::string anchor_what;                 ///< what the anchor traces are, in words
    std::vector<std::string> anchor_traces;  ///< resolved paths
    std::vector<fast_hours> lifetimes;       ///< pooled over the anchor traces
    std::vector<fast_hours> outages;         ///< pooled over the anchor traces
    double anchor_availability = 0.0;        ///< share of the anchor traces' ticks with spot
    std::vector<advisor_entry> entries;

    /// The anchor band's rate: 1 / mean pooled lifetime.
    hazard anchor_rate() const;
    /// The band's rate: anchor_rate() · advisor_band_scale(band).
    hazard rate(advisor_bucket band) const;
    /// The Advisor's row for (region, instance type) in `os`; nullptr when it has none.
    const advisor_entry* find(const std::string& region, const std::string& instance) const;
    /// The interruption model of a band: model "advisor", the band and date set.
    interruption_spec band_model(advisor_bucket band) const;
    /// One line: "AWS Spot Advisor 2025-06-28 (Linux), band calibrated on 13 traces (...): >20% = 0.531 ..."
    std::string describe() const;

    std::map<std::pair<std::string, std::string>, std::size_t> index_;  // (region, instance) -> entry
};

/// Reads the file and resolves what it names (the Advisor rows, the anchor traces);
/// input_error naming the file and pointer on anything wrong, in either.
spot_risk load_spot_risk(const std::string& path);
spot_risk parse_spot_risk(const json_cursor& c);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline hazard spot_risk::anchor_rate() const {
    double sum = 0.0;
    for (auto l : lifetimes) sum += l.count();
    return hazard::from_mean(fast_hours(sum / static_cast<double>(lifetimes.size())));
}

inline hazard spot_risk::rate(advisor_bucket band) const {
    return hazard(anchor_rate().per_hour() * advisor_band_scale(band) / advisor_band_scale(anchor_band));
}

inline const advisor_entry* spot_risk::find(const std::string& region, const std::string& instance) const {
    auto it = index_.find({region, instance});
    return it == index_.end() ? nullptr : &entries[it->second];
}

inline interruption_spec spot_risk::band_model(advisor_bucket band) const {
    spot_models::advisor m{rate(band), band, advisor_as_of, resampled_sessions{file, {}, outages, anchor_availability}};
    // The anchor's lifetimes, stretched by anchor / band: same shape, the band's mean.
    const double stretch = anchor_rate().per_hour() / m.rate.per_hour();
    m.shape->lifetimes.reserve(lifetimes.size());
    for (auto l : lifetimes) m.shape->lifetimes.push_back(l * stretch);
    interruption_spec s;
    s.model = std::move(m);
    s.notice = notice;
    return s;
}

namespace detail {
inline std::string per_hour_text(hazard h) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(3);
    o << h.per_hour();
    return o.str();
}
}  // namespace detail

inline std::string spot_risk::describe() const {
    std::string out = "AWS Spot Advisor " + advisor_as_of + " (" + os + "), band calibrated on " +
                      std::to_string(anchor_traces.size()) + " traces (" + anchor_what +
                      "): " + std::string(advisor_band_text(anchor_band)) + " = " +
                      detail::per_hour_text(anchor_rate()) + " interruptions per hour of spot running (" +
                      std::to_string(lifetimes.size()) + " lifetimes pooled), the other bands at its ratios";
    for (int b = 0; b < 5; ++b) {
        const auto band = advisor_bucket_from_index(b);
        if (band == anchor_band) continue;
        out += ", " + std::string(advisor_band_text(band)) + " " + detail::per_hour_text(rate(band));
    }
    return out + "; waits for capacity resampled from the same traces' outages";
}

inline spot_risk parse_spot_risk(const json_cursor& c) {
    c.expect_object({"schema", "name", "notes", "advisor", "advisor_as_of", "os", "notice", "anchor"});
    c.expect_schema(spot_risk_schema, "a spot-risk file");
    spot_risk r;
    r.file = c.file();
    auto d = c["advisor_as_of"];
    (void)d.day();  // a date, checked
    r.advisor_as_of = d.string();
    if (auto os = c.optional("os")) r.os = os->choice({"Linux", "Windows"});
    if (auto n = c.optional("notice")) r.notice = to_fast_hours(n->duration());
    auto a = c["anchor"];
    a.expect_object({"band", "what", "traces"});
    r.anchor_band = a["band"].in_context([&] { return parse_advisor_bucket(a["band"].string()); });
    r.anchor_what = a["what"].string();
    std::size_t ticks = 0, available = 0;
    for (const auto& t : a["traces"].elements(true)) {
        const std::string path = path_beside(c, t.string());
        if (!is_regular_file_noexcept(path)) t.fail("a spot trace file (" + path + " is not one)");
        const spot_trace tr = load_spot_trace(path);
        const trace_stats st = compute_trace_stats(tr);
        if (st.lifetime_samples.empty()) t.fail("a trace in which spot is available at least once (" + path + ")");
        r.lifetimes.insert(r.lifetimes.end(), st.lifetime_samples.begin(), st.lifetime_samples.end());
        r.outages.insert(r.outages.end(), st.outage_samples.begin(), st.outage_samples.end());
        ticks += tr.ticks();
        available += static_cast<std::size_t>(st.availability * static_cast<double>(tr.ticks()) + 0.5);
        r.anchor_traces.push_back(path);
    }
    r.anchor_availability = static_cast<double>(available) / static_cast<double>(ticks);
    auto adv = c["advisor"];
    r.advisor_file = path_beside(c, adv.string());
    if (!is_regular_file_noexcept(r.advisor_file))
        adv.fail("the Spot Advisor data file (" + r.advisor_file + " is not one)");
    r.entries = load_spot_advisor(r.advisor_file);
    for (std::size_t i = 0; i < r.entries.size(); ++i)
        if (r.entries[i].os == r.os) r.index_.emplace(std::pair{r.entries[i].region, r.entries[i].instance_type}, i);
    if (r.index_.empty()) c.fail("an \"os\" the Advisor data lists rows for (it has none for " + r.os + ")");
    if (r.outages.empty()) r.outages.push_back(fast_hours(0));  // never out: no wait
    return r;
}

inline spot_risk load_spot_risk(const std::string& path) {
    json j = load_json_file(path);
    return parse_spot_risk(json_cursor(j, path));
}

}  // namespace costsim
