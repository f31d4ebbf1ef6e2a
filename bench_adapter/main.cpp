// bench_adapter/main.cpp — the `costsim-bench` command: flags and dispatch only. Each
// workload runs for real on --device and prints (or writes to --output, atomically) its
// costsim.measurement/v1 JSON. Exit 0 on success, 2 on bad input with one line naming the
// flag or file and what was expected.
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "costsim/core/error.hpp"
#include "costsim/core/runner_protocol.hpp"
#include "workloads.hpp"

namespace {
// The flags costsim validate sets are named once, in runner_protocol.hpp.
namespace rp = costsim::runner;

void add_common(CLI::App* app, bench::common_options& o) {
    app->add_option("--device", o.device, "cpu | cuda | auto (default auto: cuda when LibTorch sees one)");
    app->add_option("--threads", o.threads, "intra-op CPU threads (default: all cores)")->check(CLI::Range(1, 4096));
    app->add_option("--seed", o.seed, "seed of the data, the initial weights and dropout (default 1)")
        ->check(CLI::Range(0ULL, (1ULL << 63) - 1));  // JSON readers take it as a signed 64-bit integer
    app->add_option(std::string(rp::flag_warmup), o.warmup, "steps run before timing starts (not timed)")
        ->check(CLI::Range(0LL, 1LL << 40));
    app->add_option(std::string(rp::flag_steps), o.steps, "timed steps")->check(CLI::Range(1LL, 1LL << 40));
    app->add_option("--data", o.data, "a real data file or folder (default: seeded synthetic data)");
    app->add_option("--format", o.format, "the data's format (default auto: by columns / extension)");
    app->add_option("--samples", o.samples, "size of the synthetic data set")->check(CLI::Range(2LL, 1LL << 31));
    app->add_option(std::string(rp::flag_output_short) + "," + std::string(rp::flag_output), o.output,
                    "write the measurement JSON here (atomically) instead of stdout");
    app->add_option("--offer", o.offer, "catalog offer id the run is made on (recorded as \"offer\")");
    app->add_option("--project-samples", o.project_samples, "data set size the epoch time is projected to")
        ->check(CLI::Range(1LL, 1LL << 50));
    app->add_option("--project-epochs", o.project_epochs, "epochs the total time is projected to")
        ->check(CLI::Range(1LL, 1000000LL));
}

void add_training(CLI::App* app, bench::common_options& o) {
    app->add_option(std::string(rp::flag_checkpoint), o.checkpoint,
                    "checkpoint file (model, optimiser, data position, RNG state)");
    app->add_option(std::string(rp::flag_checkpoint_every), o.checkpoint_every,
                    "write a checkpoint every N steps (atomically)")
        ->check(CLI::Range(1LL, 1LL << 40));
    app->add_flag(std::string(rp::flag_resume), o.resume, "continue from --checkpoint when it exists");
    app->add_flag(std::string(rp::flag_progress), o.progress,
                  "print `costsim-bench: progress ready|step|checkpoint|stopped N` lines on stderr");
    app->add_option(std::string(rp::flag_kill_at_step), o.kill_at_step, "test hook: SIGKILL itself after step N")
        ->check(CLI::Range(1LL, 1LL << 40));
    app->add_option(std::string(rp::flag_kill_in_checkpoint), o.kill_in_checkpoint,
                    "test hook: SIGKILL itself while writing the checkpoint of step N (before its rename)")
        ->check(CLI::Range(1LL, 1LL << 40));
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"costsim-bench: run a study's workload for real and write its costsim.measurement/v1 JSON"};
    app.require_subcommand(1);

    bench::common_options bo, dbo, ro;
    bench::bilstm_options b;
    auto* bilstm = app.add_subcommand("bilstm-sentiment", "train the GPU-platform study's BiLSTM sentiment model");
    add_common(bilstm, bo);
    add_training(bilstm, bo);
    bilstm->add_option("--vocab", b.vocab, "embedding rows (default 274562)")->check(CLI::Range(16LL, 1LL << 31));
    bilstm->add_option("--embed", b.embed, "embedding width (default 128)")->check(CLI::Range(1LL, 1LL << 16));
    bilstm->add_option("--hidden", b.hidden, "LSTM units per direction (default 64)")
        ->check(CLI::Range(1LL, 1LL << 16));
    bilstm->add_option("--seq", b.seq, "tokens per tweet, pre-padded (default 40)")->check(CLI::Range(1LL, 1LL << 16));
    bilstm->add_option("--batch", b.batch, "batch size (default 32)")->check(CLI::Range(1LL, 1LL << 20));
    bilstm->add_option("--dropout", b.dropout, "dropout rate (default 0.5)")->check(CLI::Range(0.0, 0.99));
    bilstm->add_option("--lr", b.lr, "Adam learning rate (default 0.001, Keras')")->check(CLI::Range(1e-9, 10.0));
    bilstm->add_option("--heldout", b.heldout, "share held out for loss/accuracy (default 0.1)")
        ->check(CLI::Range(0.0, 0.9));
    bilstm
        ->add_option("--optimizer-impl", b.optimizer_impl,
                     "fused (one-pass Adam, default) | stock (torch::optim::Adam)")
        ->check(CLI::IsMember({"fused", "stock"}));
    bilstm->add_option(std::string(rp::flag_epochs), b.epochs, "train this many whole epochs instead of --steps")
        ->check(CLI::Range(1LL, 100000LL));

    bench::distilbert_options d;
    auto* distil = app.add_subcommand("distilbert-inference", "DistilBERT-base-shaped inference, batch sizes swept");
    add_common(distil, dbo);
    distil->add_option("--layers", d.layers, "transformer layers (default 6)")->check(CLI::Range(1LL, 128LL));
    distil->add_option("--hidden", d.hidden, "hidden size (default 768)")->check(CLI::Range(1LL, 1LL << 16));
    distil->add_option("--heads", d.heads, "attention heads (default 12)")->check(CLI::Range(1LL, 1024LL));
    distil->add_option("--ffn", d.ffn, "feed-forward size (default 3072)")->check(CLI::Range(1LL, 1LL << 18));
    distil->add_option("--vocab", d.vocab, "word pieces (default 30522)")->check(CLI::Range(1100LL, 1LL << 24));
    distil->add_option("--max-positions", d.max_positions, "position embeddings (default 512)")
        ->check(CLI::Range(2LL, 1LL << 16));
    distil->add_option("--seq", d.seq, "tokens per text, [CLS] and [SEP] included (default 128)")
        ->check(CLI::Range(2LL, 1LL << 16));
    distil->add_option("--classes", d.classes, "output classes (default 2)")->check(CLI::Range(1LL, 1LL << 16));
    distil->add_option("--batch", d.batches, "batch sizes to sweep, e.g. 40,70 (default 40,70)")
        ->delimiter(',')
        ->check(CLI::Range(1LL, 1LL << 20));
    distil->add_option("--text-field", d.text_field, "JSONL: the field holding the text (default \"text\")");

    bench::resnet_options r;
    auto* resnet = app.add_subcommand("resnet-cifar", "train the spot study's CIFAR-10 ResNet (SGD with momentum)");
    add_common(resnet, ro);
    add_training(resnet, ro);
    resnet->add_option("--arch", r.arch, "resnet18 | resnet20 (default resnet18)")
        ->check(CLI::IsMember({"resnet18", "resnet20"}));
    resnet->add_option("--width", r.width, "channels of the first stage (default 64; 16 for resnet20)")
        ->check(CLI::Range(1LL, 4096LL));
    resnet->add_option("--classes", r.classes, "classes (default 10)")->check(CLI::Range(2LL, 10LL));
    resnet->add_option("--batch", r.batches, "batch sizes (default 128,256)")
        ->delimiter(',')
        ->check(CLI::Range(1LL, 1LL << 20));
    resnet->add_option("--lr", r.lrs, "learning rates (default 0.01,0.1)")
        ->delimiter(',')
        ->check(CLI::Range(1e-9, 100.0));
    resnet->add_option("--momentum", r.momentum, "SGD momentum (default 0.9)")->check(CLI::Range(0.0, 0.999));
    resnet->add_option("--weight-decay", r.weight_decay, "L2 weight decay (default 5e-4)")->check(CLI::Range(0.0, 1.0));
    resnet->add_option("--heldout", r.heldout, "share held out when no test batch is given (default 0.1)")
        ->check(CLI::Range(0.0, 0.9));
    resnet->add_option(std::string(rp::flag_epochs), r.epochs, "train this many whole epochs instead of --steps")
        ->check(CLI::Range(1LL, 100000LL));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "costsim-bench: command line: " << e.what() << " (see costsim-bench --help)\n";
        return 2;
    }
    if (*resnet && r.arch == "resnet20" && resnet->count("--width") == 0) r.width = 16;

    try {
        // Refuse an output that cannot be written before spending minutes measuring.
        for (const auto* o : {&bo, &dbo, &ro})
            if (!o->output.empty() && o->output != "-") {
                const auto dir = std::filesystem::path(o->output).parent_path();
                if (!dir.empty() && !std::filesystem::is_directory(dir))
                    throw costsim::input_error("command line", "--output",
                                               "a file in an existing folder (" + dir.string() + " is not one)");
            }
        if (*bilstm)
            bench::emit(bo, bench::run_bilstm(bo, b));
        else if (*distil)
            bench::emit(dbo, bench::run_distilbert(dbo, d));
        else
            bench::emit(ro, bench::run_resnet(ro, r));
        return 0;
    } catch (const costsim::input_error& e) {
        std::cerr << "costsim-bench: " << e.what() << "\n";
        return 2;
    } catch (const costsim::value_error& e) {
        std::cerr << "costsim-bench: command line: " << e.what() << "\n";
        return 2;
    } catch (const c10::Error& e) {
        std::string what = e.what_without_backtrace();
        if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
        std::cerr << "costsim-bench: LibTorch: " << what << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "costsim-bench: internal error: " << e.what() << "\n";
        return 1;
    }
}
