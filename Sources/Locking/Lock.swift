#if THREAD_SANITIZER
    #if canImport(Glibc)
        public import Glibc
    #elseif canImport(Darwin)
        public import Darwin
    #endif
#else
    public import Synchronization
#endif

/// A value reachable only while holding a lock: `Synchronization.Mutex`'s API, and in a normal
/// build a `Mutex` itself.
///
/// It exists for one reason. On Linux `Mutex` waits on a futex, which ThreadSanitizer has no
/// interceptor for, so a program built with `-sanitize=thread` is reported racing on every
/// value a `Mutex` guards. Built with `-DTHREAD_SANITIZER` (as `Scripts/sanitizers thread`
/// builds), the lock is a `pthread_mutex_t`, which ThreadSanitizer follows, and every report
/// left is about our code.
public struct Lock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    #if THREAD_SANITIZER
        @usableFromInline let storage: Storage
    #else
        @usableFromInline let mutex: Mutex<Value>
    #endif

    /// A lock guarding `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        #if THREAD_SANITIZER
            storage = Storage(initialValue)
        #else
            mutex = Mutex(initialValue)
        #endif
    }

    /// Runs `body` with the value, holding the lock. Not re-entrant: calling it again from
    /// `body` on the same thread deadlocks or traps.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        #if THREAD_SANITIZER
            try storage.withLock(body)
        #else
            try mutex.withLock(body)
        #endif
    }

    /// Runs `body` with the value if no other thread holds the lock; returns nil without
    /// running it otherwise.
    @inlinable
    public borrowing func withLockIfAvailable<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        #if THREAD_SANITIZER
            try storage.withLockIfAvailable(body)
        #else
            try mutex.withLockIfAvailable(body)
        #endif
    }
}

#if THREAD_SANITIZER
    extension Lock where Value: ~Copyable {
        /// The pthread mutex and the value it guards, each at a stable address of its own. (The
        /// value is not a stored property: a Void one has no address of its own, and TSan took
        /// its inout accesses for writes to the object's header, racing with every read of it.)
        @usableFromInline
        final class Storage: @unchecked Sendable {  // `value` is touched only holding `mutex`.
            private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

            @usableFromInline
            init(_ value: consuming sending Value) {
                self.value.initialize(to: value)
                pthread_mutex_init(mutex, nil)
            }

            deinit {
                pthread_mutex_destroy(mutex)
                mutex.deallocate()
                value.deinitialize(count: 1)
                value.deallocate()
            }

            @usableFromInline
            func withLock<Result: ~Copyable, Failure: Error>(
                _ body: (inout sending Value) throws(Failure) -> sending Result
            ) throws(Failure) -> sending Result {
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return try body(&value.pointee)
            }

            @usableFromInline
            func withLockIfAvailable<Result: ~Copyable, Failure: Error>(
                _ body: (inout sending Value) throws(Failure) -> sending Result
            ) throws(Failure) -> sending Result? {
                guard pthread_mutex_trylock(mutex) == 0 else { return nil }
                defer { pthread_mutex_unlock(mutex) }
                return try body(&value.pointee)
            }
        }
    }
#endif
