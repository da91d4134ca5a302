import CEpoll

/// The CPU the calling thread runs on now (glibc's `sched_getcpu`, which reads it from
/// the kernel's restartable-sequence area without a system call where it can); 0 if the
/// kernel cannot tell. For per-CPU copies of shared counters (`PerCPU` in the service).
public enum CurrentCPU {
    public static var index: Int {
        let cpu = Int(sched_getcpu())
        return cpu >= 0 ? cpu : 0
    }
}
