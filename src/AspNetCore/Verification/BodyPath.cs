using System.Text;

namespace FastFormatters.Verification;

/// <summary>A path into a body while it is compared, spelled as System.Text.Json spells <c>JsonException.Path</c>.</summary>
internal sealed class BodyPath
{
    private readonly StringBuilder _path = new("$");

    public override string ToString() => _path.ToString();

    /// <summary>Appends a member name; returns the length to <see cref="Truncate"/> back to.</summary>
    public int Push(string name)
    {
        int length = _path.Length;
        if (name.AsSpan().IndexOfAny(".'\"[]()/ ") < 0 && name.Length > 0)
        {
            _path.Append('.').Append(name);
        }
        else
        {
            _path.Append("['").Append(name).Append("']");
        }

        return length;
    }

    /// <summary>Appends an array index; returns the length to <see cref="Truncate"/> back to.</summary>
    public int Push(int index)
    {
        int length = _path.Length;
        _path.Append('[').Append(index).Append(']');
        return length;
    }

    public void Truncate(int length) => _path.Length = length;
}
