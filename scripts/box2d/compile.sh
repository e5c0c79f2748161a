# Sourced by scripts/box2d-bench.sh and scripts/box2d-cast-bench.sh: compiles a Box2D
# v3.1 source tree and one harness against it, two files at a time (the machine has two
# cores), recompiling only the sources newer than their objects.
#
#   compile_box2d BOX2D_DIR BUILD_DIR HARNESS_C OUTPUT   (uses $cc and $cflags)
compile_box2d() {
    local box2d="$1" build="$2" harness="$3" output="$4" source object
    local objects=() pids=()
    echo "== compiling Box2D ($(git -C "$box2d" describe --tags 2>/dev/null || echo "$box2d")) and $(basename "$harness"): $cc $cflags"
    mkdir -p "$build"
    for source in "$box2d"/src/*.c; do
        object="$build/$(basename "${source%.c}").o"
        if [[ ! "$object" -nt "$source" ]]; then
            "$cc" $cflags -I"$box2d/include" -I"$box2d/src" -c "$source" -o "$object" &
            pids+=($!)
        fi
        objects+=("$object")
        if (( ${#pids[@]} == 2 )); then
            for pid in "${pids[@]}"; do wait "$pid"; done
            pids=()
        fi
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    "$cc" $cflags -I"$box2d/include" "$harness" "${objects[@]}" -lm -o "$output"
}
