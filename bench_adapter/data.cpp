// bench_adapter/data.cpp — loaders for the real data formats and the seeded synthetic
// generators (see data.hpp).
#include "data.hpp"
#include "data_formats.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <unordered_map>

#include "costsim/core/error.hpp"

namespace bench {

namespace {

[[noreturn]] void bad(const std::string& path, const std::string& where, const std::string& expected) {
    throw costsim::input_error(path, where, expected);
}

// Shuffled split of n samples: the last `heldout` share of a seeded permutation is held out.
void split(std::int64_t n, std::uint64_t seed, double heldout, std::vector<std::int64_t>& train,
           std::vector<std::int64_t>& held) {
    std::vector<std::int64_t> order = epoch_order(n, seed ^ 0x5EED5EEDULL, -1);
    const auto h = static_cast<std::int64_t>(std::llround(static_cast<double>(n) * heldout));
    train.assign(order.begin(), order.end() - h);
    held.assign(order.end() - h, order.end());
    std::sort(held.begin(), held.end());
}

std::uint64_t fnv1a(std::string_view s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    return h;
}

// Lower-cased words: runs of letters/digits/'/@/#, as a tweet tokenizer would keep them.
std::vector<std::string> words_of(std::string_view text) {
    std::vector<std::string> out;
    std::string w;
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '\'' || c == '@' || c == '#' || c >= 0x80) {
            w += static_cast<char>(std::tolower(c));
        } else if (!w.empty()) {
            out.push_back(std::move(w));
            w.clear();
        }
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
}

}  // namespace

std::vector<std::int64_t> epoch_order(std::int64_t n, std::uint64_t seed, std::int64_t epoch) {
    std::vector<std::int64_t> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
    splitmix r{seed * 0x2545F4914F6CDD1DULL + static_cast<std::uint64_t>(epoch + 2)};
    for (std::int64_t i = n - 1; i > 0; --i)
        std::swap(v[static_cast<std::size_t>(i)], v[r.below(static_cast<std::uint64_t>(i) + 1)]);
    return v;
}

torch::Tensor gather_rows(const torch::Tensor& all, const std::vector<std::int64_t>& order, std::int64_t from,
                          std::int64_t batch) {
    std::vector<std::int64_t> idx(static_cast<std::size_t>(batch));
    const auto n = static_cast<std::int64_t>(order.size());
    for (std::int64_t k = 0; k < batch; ++k)
        idx[static_cast<std::size_t>(k)] = order[static_cast<std::size_t>((from + k) % n)];
    return all.index_select(0, torch::tensor(idx, torch::kInt64));
}

// --- sentiment ---------------------------------------------------------------------------

text_classification synthetic_sentiment(std::int64_t n, std::int64_t vocab, std::int64_t seq, std::uint64_t seed,
                                        double heldout) {
    text_classification d;
    d.format = "synthetic-sentiment";
    d.tokens = torch::zeros({n, seq}, torch::kInt64);
    d.labels = torch::zeros({n}, torch::kFloat32);
    auto tok = d.tokens.accessor<std::int64_t, 2>();
    auto lab = d.labels.accessor<float, 1>();
    splitmix r{seed};
    // Ids 2..2+2k-1 carry sentiment (first half positive, second negative); the rest is
    // filler drawn log-uniformly, so frequent words dominate as in real text.
    const std::int64_t k = std::max<std::int64_t>(1, std::min<std::int64_t>(200, (vocab - 2) / 4));
    for (std::int64_t i = 0; i < n; ++i) {
        const bool positive = r.below(2) == 1;
        lab[i] = positive ? 1.0f : 0.0f;
        const std::int64_t len = std::min<std::int64_t>(
            seq,
            5 + static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(std::max<std::int64_t>(1, seq - 4)))));
        for (std::int64_t t = seq - len; t < seq; ++t) {
            std::int64_t id;
            if (r.uniform() < 0.3) {
                // Mostly words of the sample's own sentiment, some of the other: a noisy signal.
                const bool own = r.uniform() < 0.9;
                id =
                    2 + static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(k))) + ((positive == own) ? 0 : k);
            } else {
                const double span = static_cast<double>(vocab - 2 - 2 * k);
                id = 2 + 2 * k +
                     std::min<std::int64_t>(static_cast<std::int64_t>(span) - 1,
                                            static_cast<std::int64_t>(std::exp(r.uniform() * std::log(span))) - 1);
            }
            tok[i][t] = std::clamp<std::int64_t>(id, 2, vocab - 1);
        }
    }
    split(n, seed, heldout, d.train, d.heldout);
    return d;
}

text_classification load_sentiment_csv(const std::string& path, const std::string& format, std::int64_t vocab,
                                       std::int64_t seq, std::uint64_t seed, double heldout) {
    const sentiment_rows parsed = parse_sentiment_csv(read_file_bytes(path), path, format);
    const auto& rows = parsed.rows;
    text_classification d;
    d.format = parsed.format;
    d.path = path;
    const auto n = static_cast<std::int64_t>(rows.size());
    split(n, seed, heldout, d.train, d.heldout);

    // Word ids by frequency in the training split (ties by word), like Keras' Tokenizer.
    std::unordered_map<std::string, std::int64_t> freq;
    for (auto t : d.train)
        for (auto& w : words_of(rows[static_cast<std::size_t>(t)].second)) ++freq[w];
    std::vector<std::pair<std::string, std::int64_t>> by(freq.begin(), freq.end());
    std::sort(by.begin(), by.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    std::unordered_map<std::string, std::int64_t> id;
    for (std::size_t k = 0; k < by.size() && static_cast<std::int64_t>(k) + 2 < vocab; ++k)
        id.emplace(by[k].first, static_cast<std::int64_t>(k) + 2);
    d.vocabulary_used = static_cast<std::int64_t>(id.size());

    d.tokens = torch::zeros({n, seq}, torch::kInt64);
    d.labels = torch::zeros({n}, torch::kFloat32);
    auto tok = d.tokens.accessor<std::int64_t, 2>();
    auto lab = d.labels.accessor<float, 1>();
    for (std::int64_t r = 0; r < n; ++r) {
        lab[r] = static_cast<float>(rows[static_cast<std::size_t>(r)].first);
        auto ws = words_of(rows[static_cast<std::size_t>(r)].second);
        // Keep the last `seq` words, pre-padded (Keras' pad_sequences defaults).
        const auto take = std::min<std::int64_t>(seq, static_cast<std::int64_t>(ws.size()));
        for (std::int64_t k = 0; k < take; ++k) {
            const auto& w = ws[ws.size() - static_cast<std::size_t>(take - k)];
            auto it = id.find(w);
            tok[r][seq - take + k] = it == id.end() ? 1 : it->second;
        }
    }
    return d;
}

// --- CIFAR-10 ----------------------------------------------------------------------------

image_classification synthetic_cifar(std::int64_t n, std::int64_t classes, std::uint64_t seed, double heldout) {
    image_classification d;
    d.format = "synthetic-cifar10";
    d.images = torch::empty({n, 3, 32, 32}, torch::kUInt8);
    d.labels = torch::empty({n}, torch::kInt64);
    auto* px = d.images.data_ptr<std::uint8_t>();
    auto* lb = d.labels.data_ptr<std::int64_t>();
    splitmix r{seed};
    // Each class has a colour and a stripe direction; pixels add noise: learnable, not trivial.
    for (std::int64_t i = 0; i < n; ++i) {
        const auto c = static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(classes)));
        lb[i] = c;
        for (int ch = 0; ch < 3; ++ch)
            for (int y = 0; y < 32; ++y)
                for (int x = 0; x < 32; ++x) {
                    const double base = 60.0 + 40.0 * static_cast<double>((c * (ch + 1) * 7) % 5);
                    const double stripe = ((c % 2 ? x : y) / 4 + c) % 2 ? 40.0 : 0.0;
                    const double v = base + stripe + (r.uniform() - 0.5) * 120.0;
                    px[((i * 3 + ch) * 32 + y) * 32 + x] = static_cast<std::uint8_t>(std::clamp(v, 0.0, 255.0));
                }
    }
    split(n, seed, heldout, d.train, d.heldout);
    return d;
}

image_classification load_cifar10(const std::string& path, std::uint64_t seed, double heldout) {
    namespace fs = std::filesystem;
    std::vector<std::uint8_t> px;
    std::vector<std::int64_t> labels;
    image_classification d;
    d.format = "cifar10-binary";
    d.path = path;
    std::int64_t test_from = -1;
    if (fs::is_directory(path)) {
        std::vector<std::string> batches;
        for (const auto& e : fs::directory_iterator(path)) {
            const std::string name = e.path().filename().string();
            if (name.rfind("data_batch_", 0) == 0 && e.path().extension() == ".bin")
                batches.push_back(e.path().string());
        }
        std::sort(batches.begin(), batches.end());
        if (batches.empty()) bad(path, "", "a folder with CIFAR-10 binary batches (data_batch_1.bin, ...)");
        for (const auto& b : batches) parse_cifar_batch(read_file_bytes(b), b, px, labels);
        if (fs::exists(fs::path(path) / "test_batch.bin")) {
            test_from = static_cast<std::int64_t>(labels.size());
            const std::string test = (fs::path(path) / "test_batch.bin").string();
            parse_cifar_batch(read_file_bytes(test), test, px, labels);
        }
    } else {
        parse_cifar_batch(read_file_bytes(path), path, px, labels);
    }
    const auto n = static_cast<std::int64_t>(labels.size());
    d.images = torch::from_blob(px.data(), {n, 3, 32, 32}, torch::kUInt8).clone();
    d.labels = torch::tensor(labels, torch::kInt64);
    if (test_from >= 0) {
        for (std::int64_t i = 0; i < n; ++i) (i < test_from ? d.train : d.heldout).push_back(i);
    } else {
        split(n, seed, heldout, d.train, d.heldout);
    }
    if (d.train.empty()) bad(path, "", "at least one training image");
    return d;
}

torch::Tensor normalise_cifar(const torch::Tensor& u8) {
    static const torch::Tensor mean = torch::tensor({0.4914f, 0.4822f, 0.4465f}).view({1, 3, 1, 1});
    static const torch::Tensor sd = torch::tensor({0.2470f, 0.2435f, 0.2616f}).view({1, 3, 1, 1});
    return (u8.to(torch::kFloat32).div_(255.0f) - mean.to(u8.device())) / sd.to(u8.device());
}

// --- texts for inference -----------------------------------------------------------------

namespace {
constexpr std::int64_t cls_id = 101, sep_id = 102, first_word_id = 1000;

std::vector<std::int64_t> encode_text(std::string_view text, std::int64_t vocab, std::int64_t seq) {
    std::vector<std::int64_t> ids{cls_id};
    for (const auto& w : words_of(text)) {
        if (static_cast<std::int64_t>(ids.size()) + 1 >= seq) break;
        // A hashing tokenizer: no vocabulary file can be fetched, and with random weights only
        // the number of tokens matters for the timing.
        ids.push_back(first_word_id +
                      static_cast<std::int64_t>(fnv1a(w) % static_cast<std::uint64_t>(vocab - first_word_id)));
    }
    ids.push_back(sep_id);
    return ids;
}
}  // namespace

text_batchable synthetic_texts(std::int64_t n, std::int64_t vocab, std::int64_t seq, std::uint64_t seed) {
    text_batchable t;
    t.format = "synthetic-text";
    splitmix r{seed};
    for (std::int64_t i = 0; i < n; ++i) {
        std::vector<std::int64_t> ids(static_cast<std::size_t>(seq));
        ids.front() = cls_id;
        for (std::int64_t k = 1; k + 1 < seq; ++k)
            ids[static_cast<std::size_t>(k)] =
                first_word_id + static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(vocab - first_word_id)));
        ids.back() = sep_id;
        t.texts.push_back(std::move(ids));
    }
    return t;
}

text_batchable load_texts(const std::string& path, const std::string& format, const std::string& field,
                          std::int64_t vocab, std::int64_t seq) {
    std::string fmt = format;
    if (fmt == "auto") fmt = std::filesystem::path(path).extension() == ".jsonl" ? "jsonl" : "lines";
    if (fmt != "jsonl" && fmt != "lines")
        bad("command line", "--format", "auto, lines or jsonl for texts, got \"" + format + "\"");
    const std::vector<std::string> texts = parse_texts(read_file_bytes(path), path, fmt, field);
    text_batchable t;
    t.format = fmt;
    t.path = path;
    for (const auto& s : texts) t.texts.push_back(encode_text(s, vocab, seq));
    return t;
}

std::pair<torch::Tensor, torch::Tensor> text_batch(const text_batchable& t, std::int64_t first, std::int64_t batch) {
    const auto n = static_cast<std::int64_t>(t.texts.size());
    std::size_t longest = 0;
    for (std::int64_t k = 0; k < batch; ++k)
        longest = std::max(longest, t.texts[static_cast<std::size_t>((first + k) % n)].size());
    // Padded to the longest text of the batch, as inference pipelines batch.
    auto ids = torch::zeros({batch, static_cast<std::int64_t>(longest)}, torch::kInt64);
    auto mask = torch::zeros({batch, static_cast<std::int64_t>(longest)}, torch::kInt64);
    auto a = ids.accessor<std::int64_t, 2>();
    auto m = mask.accessor<std::int64_t, 2>();
    for (std::int64_t k = 0; k < batch; ++k) {
        const auto& v = t.texts[static_cast<std::size_t>((first + k) % n)];
        for (std::size_t p = 0; p < v.size(); ++p) {
            a[k][static_cast<std::int64_t>(p)] = v[p];
            m[k][static_cast<std::int64_t>(p)] = 1;
        }
    }
    return {ids, mask};
}

}  // namespace bench
