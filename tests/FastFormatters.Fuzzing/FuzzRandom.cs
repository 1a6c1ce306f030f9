using System.Numerics;

namespace FastFormatters.Fuzzing;

/// <summary>
/// xoshiro256** seeded by SplitMix64 (Blackman and Vigna, https://prng.di.unimi.it/). The fuzzer needs the same inputs
/// from the same seed on every runtime and machine, so a failure found anywhere replays anywhere; System.Random's
/// algorithm is unspecified and has changed between .NET versions, so it cannot be used.
/// </summary>
internal sealed class FuzzRandom
{
    private ulong _s0;
    private ulong _s1;
    private ulong _s2;
    private ulong _s3;

    public FuzzRandom(ulong seed)
    {
        ulong state = seed;
        _s0 = SplitMix64(ref state);
        _s1 = SplitMix64(ref state);
        _s2 = SplitMix64(ref state);
        _s3 = SplitMix64(ref state);
    }

    /// <summary>
    /// The generator for one iteration of a run: each input depends only on (seed, iteration), so one can be replayed,
    /// or a run resumed, without generating everything before it.
    /// </summary>
    public static FuzzRandom ForIteration(ulong seed, long iteration)
    {
        ulong state = seed ^ ((ulong)iteration * 0xD1B54A32D192ED03UL);
        return new FuzzRandom(SplitMix64(ref state));
    }

    public ulong NextUInt64()
    {
        ulong result = BitOperations.RotateLeft(_s1 * 5, 7) * 9;
        ulong t = _s1 << 17;
        _s2 ^= _s0;
        _s3 ^= _s1;
        _s1 ^= _s2;
        _s0 ^= _s3;
        _s2 ^= t;
        _s3 = BitOperations.RotateLeft(_s3, 45);
        return result;
    }

    /// <summary>A uniform integer in [0, <paramref name="maxExclusive"/>); Lemire's multiply-and-reject, so no modulo bias.</summary>
    public int Next(int maxExclusive)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxExclusive);
        ulong bound = (ulong)maxExclusive;
        ulong threshold = (0UL - bound) % bound;
        while (true)
        {
            ulong high = Math.BigMul(NextUInt64(), bound, out ulong low);
            if (low >= threshold)
            {
                return (int)high;
            }
        }
    }

    /// <summary>A uniform integer in [<paramref name="min"/>, <paramref name="maxInclusive"/>].</summary>
    public int Between(int min, int maxInclusive) => min + Next(maxInclusive - min + 1);

    /// <summary>True with probability 1/<paramref name="n"/>.</summary>
    public bool OneIn(int n) => Next(n) == 0;

    public byte NextByte() => (byte)(NextUInt64() >> 56);

    public T Pick<T>(IReadOnlyList<T> items) => items[Next(items.Count)];

    /// <summary>A length biased towards small values (each bit count equally likely), as mutations of a few bytes find most.</summary>
    public int SmallLength(int max)
    {
        if (max <= 1)
        {
            return max;
        }

        int bits = Next(BitOperations.Log2((uint)max) + 1);
        return Math.Min(max, 1 + Next(1 << bits));
    }

    private static ulong SplitMix64(ref ulong state)
    {
        ulong z = state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }
}
