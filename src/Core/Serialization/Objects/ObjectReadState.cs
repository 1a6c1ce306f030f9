namespace FastFormatters.Serialization.Objects;

/// <summary>
/// What is read into while reading one object, whatever the format: the object itself when it has a parameterless
/// constructor, else the values gathered for its constructor; and extension members.
/// </summary>
internal struct ObjectReadState<T>
{
    public T Result;
    public readonly object?[]? Values;
    private readonly ObjectContract<T> _contract;
    private readonly bool[]? _seen;
    private List<KeyValuePair<string, object?>>? _extension;

    public ObjectReadState(ObjectContract<T> contract)
    {
        _contract = contract;
        _extension = null;
        if (contract.Constructor is null)
        {
            Result = contract.Create!();
            Values = null;
            _seen = null;
        }
        else
        {
            Result = default!;
            Values = new object?[contract.ReadMembers.Length];
            _seen = new bool[contract.ReadMembers.Length];
        }
    }

    /// <summary>Keeps the value of the member at <paramref name="readIndex"/> for the constructor.</summary>
    public readonly void Set(int readIndex, object? value)
    {
        Values![readIndex] = value;
        _seen![readIndex] = true;
    }

    public void AddExtension(string key, object? value)
    {
        if (Values is null)
        {
            _contract.ExtensionData!.Add(ref Result, key, value);
        }
        else
        {
            (_extension ??= []).Add(new(key, value));
        }
    }

    public T Finish()
    {
        if (Values is null)
        {
            return Result;
        }

        Result = _contract.Constructor!.Invoke(Values, _seen!);
        foreach (var member in _contract.ReadMembers)
        {
            if (_seen![member.ReadIndex] && !member.IsConstructorParameter)
            {
                member.SetBoxed(ref Result, Values[member.ReadIndex]);
            }
        }

        if (_extension is not null)
        {
            foreach (var (key, value) in _extension)
            {
                _contract.ExtensionData!.Add(ref Result, key, value);
            }
        }

        return Result;
    }
}
