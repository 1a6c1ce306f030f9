using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// What is read into while reading one object, whatever the format: the object itself when it has a parameterless
/// constructor, else the values gathered for its constructor; and extension members.
/// </summary>
internal struct ObjectReadState<T>
{
    public T Result;

    /// <summary>Where member values wait for the constructor, or null when the object is created first.</summary>
    public readonly ConstructorArguments? Arguments;
    private readonly ObjectContract<T> _contract;
    private List<KeyValuePair<string, object?>>? _extension;

    public ObjectReadState(ObjectContract<T> contract)
    {
        _contract = contract;
        _extension = null;
        if (contract.Constructor is null)
        {
            Result = contract.Create!();
            Arguments = null;
        }
        else
        {
            Result = default!;
            Arguments = contract.Constructor.CreateArguments();
        }
    }

    public void AddExtension(string key, object? value)
    {
        if (Arguments is null)
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
        if (Arguments is null)
        {
            return Result;
        }

        Result = _contract.Constructor!.Invoke(Arguments);
        foreach (var member in _contract.ReadMembers)
        {
            if (!member.IsConstructorParameter && Arguments.IsSet(member.ReadIndex))
            {
                member.SetFromArguments(ref Result, Arguments);
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
