# fuzz/seeds.cmake — the seed files of each fuzz target: the bundled files of its format
# and the hand-written bad inputs of the tests. Included by replay.cmake (and read by
# fuzz/copy_seeds.cmake, which scripts/fuzz.sh runs).
set(S ${SOURCE_DIR})
set(seeds_catalog ${S}/pricing_data/*.json ${S}/tests/data/spec_catalog.json ${S}/tests/data/bad/*.json)
set(seeds_scenario ${S}/scenarios/*.json ${S}/tests/data/size/*.json ${S}/tests/data/spec_scenario.json ${S}/tests/data/bad_scenarios/*.json
    ${S}/tests/data/traces/greedy_mc_scenario.json ${S}/bench_adapter/tests/data/validate_tiny.json)
set(seeds_spot_trace ${S}/tests/data/traces/small.json ${S}/tests/data/bad_real/trace_*.json
    ${S}/pricing_data/spot-traces/*/*.json)
set(seeds_trace_windows ${S}/tests/data/traces/small_windows.json ${S}/tests/data/bad_real/windows_*.json)
set(seeds_aws_price_history ${S}/tests/data/real_formats/price_history.json ${S}/tests/data/bad_real/history_*.json)
set(seeds_spot_advisor ${S}/tests/data/real_formats/spot_advisor.json ${S}/tests/data/bad_real/advisor_*.json)
set(seeds_skypilot_csv ${S}/tests/data/real_formats/skypilot_vms.csv ${S}/tests/data/bad_real/skypilot_*.csv)
set(seeds_measurement ${S}/tests/data/fixture_cuda_v100_bilstm.json ${S}/pricing_data/measurements/*.json)
set(seeds_validate_spec ${S}/bench_adapter/tests/data/validate_*.json ${S}/tests/data/bad_scenarios/validate_owned_flag.json)
set(seeds_published ${S}/pricing_data/studies/*.json ${S}/tests/data/bad/published_not_a_study.json)
set(seeds_speed_table ${S}/pricing_data/gpu_speed_2026.json ${S}/pricing_data/speeds/*.json)
set(seeds_gpu_variants ${S}/pricing_data/gpu_variants_2026.json ${S}/tests/data/bad_real/variants_*.json)
set(seeds_speed_classes ${S}/pricing_data/gpu_speed_by_class_2026.json ${S}/tests/data/bad_real/classes_*.json)
set(seeds_failover_study ${S}/scenarios/failover_*.json ${S}/tests/data/bad_failover/*.json)
set(seeds_job_size ${S}/pricing_data/llm_job_size_2026.json ${S}/tests/data/bad_real/job_size_*.json)
set(seeds_spot_risk ${S}/pricing_data/aws-spot-advisor/aws_spot_risk.json)
set(seeds_result ${S}/fuzz/seeds/result/*.json)
set(seeds_values ${S}/fuzz/seeds/values/*)
set(seeds_sentiment_csv ${S}/bench_adapter/tests/data/*.csv)
set(seeds_cifar_binary ${S}/bench_adapter/tests/data/*.bin)
set(seeds_texts ${S}/bench_adapter/tests/data/*.txt ${S}/bench_adapter/tests/data/*.jsonl)
