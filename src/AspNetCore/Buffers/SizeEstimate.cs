namespace FastFormatters.Buffers;

/// <summary>
/// A running estimate of how many bytes a payload of one type takes, so the first rented buffer is rarely too small.
/// Racy updates are fine: it is a hint, and a lost update only costs one extra segment.
/// </summary>
internal sealed class SizeEstimate
{
    private const int InitialEstimate = 4096;
    private int _estimate = InitialEstimate;

    /// <summary>The size to rent: the estimate plus an eighth of headroom.</summary>
    public int NextRentSize => _estimate + (_estimate >> 3);

    /// <summary>Moves the estimate a quarter of the way towards <paramref name="actualSize"/>, or straight up to it when it was larger.</summary>
    public void Record(long actualSize)
    {
        int actual = (int)Math.Min(actualSize, 4 * 1024 * 1024);
        int current = _estimate;
        _estimate = actual > current ? actual : current - ((current - actual) >> 2);
    }
}
